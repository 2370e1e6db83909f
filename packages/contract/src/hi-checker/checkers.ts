import { z } from "zod";
import { ZPage } from "../common-data.ts";
import { ZCheckerDetail, ZCheckerListRequest, ZCheckerRow } from "../devices/checkers.ts";
import { ZId } from "../devices/common.ts";
import { defineEndpoint } from "../endpoint.ts";

/**
 * The Hi-Checker module's (authority 5) checkers: those of the caller's scope (scope.service.ts
 * `checkerScopeOf`: a distributor's channel, or an engineer's organisation and the checkers bound
 * to the engineer). Rows and details are Distributor Cloud's.
 */
export const listHiCheckers = defineEndpoint({
  method: "GET",
  path: "/hmt-web/himit-checker/checkers/list",
  request: ZCheckerListRequest,
  response: ZPage(ZCheckerRow),
});

export const getHiCheckerDetail = defineEndpoint({
  method: "GET",
  path: "/hmt-web/himit-checker/checkers/detail",
  request: z.object({ id: ZId }),
  response: ZCheckerDetail,
});
