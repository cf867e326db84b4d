/** Served for a host that names no program: says nothing about which programs exist. */
export const unknownTenantPage = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Page not found</title><link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;background:#f6f7f9;color:#1f2937}main{max-width:28rem;padding:2rem;text-align:center}h1{font-size:1.5rem}</style>
</head>
<body><main><h1>Page not found</h1><p>There is no recognition program at this address. Check the link you were given, or ask your program administrator for the right one.</p></main></body>
</html>`;
