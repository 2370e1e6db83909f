import {
  getProject,
  listProjectDevices,
  listProjectFaults,
  listProjectRepairReports,
} from "@vrf/contract/projects/project-detail.ts";
import { exportProjects, listProjects } from "@vrf/contract/projects/project-list.ts";
import { getMapConfig, listMapPlaceProjects, listProjectMapPoints } from "@vrf/contract/projects/project-map.ts";
import { createProject, deleteProject, updateProject } from "@vrf/contract/projects/project-write.ts";
import type { FastifyInstance } from "fastify";
import { addDownloadRoute } from "../../plugins/download-route.ts";
import { addRoute, moduleOf } from "../../plugins/endpoint-route.ts";
import type { Services } from "../../services.ts";
import { keptInScope } from "../scope/kept-in-scope.ts";

export default async function projectRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { sessions, projects } = services;
  // Distributors and sub-distributors alike; the scope decides whose projects each one reaches.
  const distributorCloud = moduleOf([2]);

  addRoute(
    app,
    sessions,
    listProjects,
    distributorCloud,
    (input, { caller, language }) => projects.list(caller, input, language),
    { readOnly: true, kept: keptInScope(["projects", "organisations"]) },
  );
  addDownloadRoute(app, sessions, exportProjects, distributorCloud, (input, { caller, language }) =>
    projects.export(caller, input, language),
  );
  addRoute(app, sessions, getProject, distributorCloud, (input, { caller, language }) =>
    projects.get(caller, input, language),
  );
  addRoute(app, sessions, createProject, distributorCloud, (input, { caller }) => projects.create(caller, input));
  addRoute(app, sessions, updateProject, distributorCloud, ({ id, ...values }, { caller }) =>
    projects.update(caller, id, values),
  );
  addRoute(app, sessions, deleteProject, distributorCloud, (input, { caller }) => projects.remove(caller, input.id));
  // A project's tabs: its devices with their open faults, and its open faults with their devices.
  const projectTabs = keptInScope(["projects", "devices", "faults"]);
  addRoute(
    app,
    sessions,
    listProjectDevices,
    distributorCloud,
    (input, { caller }) => projects.devices(caller, input),
    {
      kept: projectTabs,
    },
  );
  addRoute(
    app,
    sessions,
    listProjectFaults,
    distributorCloud,
    (input, { caller, language }) => projects.faults(caller, input, language),
    { kept: projectTabs },
  );
  addRoute(app, sessions, listProjectRepairReports, distributorCloud, (input, { caller }) =>
    projects.repairReports(caller, input),
  );
  // A whole channel's map is 10,000 points; its staff open and pan it far more often than projects
  // change (their positions, and open faults through the projects' kept counts).
  addRoute(
    app,
    sessions,
    listProjectMapPoints,
    distributorCloud,
    (input, { caller }) => projects.mapPoints(caller, input),
    { readOnly: true, kept: keptInScope(["projects"]) },
  );
  addRoute(app, sessions, listMapPlaceProjects, distributorCloud, (input, { caller, language }) =>
    projects.mapPlace(caller, input.ids, language),
  );
  addRoute(app, sessions, getMapConfig, distributorCloud, () => projects.mapConfig());
}
