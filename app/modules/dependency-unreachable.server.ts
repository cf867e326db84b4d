/** A URL as a log or a person may read it: its password replaced, so a secret never reaches a terminal. */
export function withoutPassword(url: string) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(an address that is not a URL)";
  }
}

/** Start-up could not reach a server it needs: said in one line, and the process stops. */
export class DependencyUnreachable extends Error {
  constructor(dependency: "PostgreSQL" | "Redis", url: string, cause: unknown) {
    super(`Could not reach ${dependency} at ${withoutPassword(url)}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = "DependencyUnreachable";
  }
}

/** `work`, which reaches `dependency` at `url`, or a DependencyUnreachable naming them when it fails. */
export async function reach<T>(dependency: "PostgreSQL" | "Redis", url: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new DependencyUnreachable(dependency, url, error);
  }
}
