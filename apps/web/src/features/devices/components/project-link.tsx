import { Link } from "react-router";
import { type ProjectRef, projectPath } from "../utils/device-display.ts";

/**
 * A device's project as a link to its page; `empty` shows when the device has none. Plain text
 * where project pages are not the module's (`linked` false: the Hi-Checker module).
 */
export function ProjectLink({
  project,
  withCode = false,
  empty = "—",
  linked = true,
}: {
  project: ProjectRef | null;
  withCode?: boolean;
  empty?: string;
  linked?: boolean;
}) {
  if (!project) return <span className="devices-muted">{empty}</span>;
  const name = `${project.name}${withCode ? ` (${project.code})` : ""}`;
  return linked ? <Link to={projectPath(project.id)}>{name}</Link> : <span>{name}</span>;
}
