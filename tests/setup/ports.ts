/**
 * A fixed port a test's child server listens on, moved by TEST_PORT_OFFSET: `npm test` runs the
 * vitest suite on PGlite and on PostgreSQL side by side, each with an offset of its own, so the
 * two runs never share a port.
 */
export function testPort(port: number) {
  return port + Number(process.env.TEST_PORT_OFFSET ?? 0);
}
