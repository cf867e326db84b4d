import { isProgramManager, type Viewer } from "~/modules/auth/viewer";

/** The spec's Reports guard: program managers, and anyone with at least one direct report. */
export function canViewReports(viewer: Viewer) {
  return isProgramManager(viewer) || viewer.employee.isSupervisor;
}
