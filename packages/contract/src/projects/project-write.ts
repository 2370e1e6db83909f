import { z } from "zod";
import { defineEndpoint } from "../endpoint.ts";
import { ZProjectInput, ZProjectUpdate } from "./project-fields.ts";

export const ZProjectRef = z.object({ id: z.number().int(), code: z.string() });

/** A new project of the caller's own organisation; the server gives it the next project ID. */
export const createProject = defineEndpoint({
  method: "POST",
  path: "/hmt-web/distributor/project/add",
  request: ZProjectInput,
  response: ZProjectRef,
});

export const updateProject = defineEndpoint({
  method: "POST",
  path: "/hmt-web/distributor/project/update",
  request: ZProjectUpdate,
  response: ZProjectRef,
});

/** Refused with projectHasDevices while any device is attached. */
export const deleteProject = defineEndpoint({
  method: "POST",
  path: "/hmt-web/distributor/project/delete",
  request: z.object({ id: z.number().int().positive() }),
  response: z.null(),
});
