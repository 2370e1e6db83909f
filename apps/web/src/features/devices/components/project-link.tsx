import { Link } from "react-router";
import { type ProjectRef, projectPath } from "../utils/device-display.ts";

/** A device's project as a link to its page; `empty` shows when the device has none. */
export function ProjectLink({
  project,
  withCode = false,
  empty = "—",
}: {
  project: ProjectRef | null;
  withCode?: boolean;
  empty?: string;
}) {
  if (!project) return <span className="devices-muted">{empty}</span>;
  return (
    <Link to={projectPath(project.id)}>
      {project.name}
      {withCode ? ` (${project.code})` : ""}
    </Link>
  );
}
