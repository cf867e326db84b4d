// The pages `npm run bench` measures: one line each. `as` is the demo user the
// harness signs in as (null: a visitor); every program is acme.
export const pages = [
  { path: "/login", as: null },
  { path: "/feed", as: "employee" },
  { path: "/transaction-history/my-points", as: "employee" },
  { path: "/create-lot", as: "admin" },
  // The recipient lookup every picker calls as one types (JSON); "p50 alone" is its answer time.
  { path: "/people/search?for=mentions&q=sofi", as: "employee" },
];
