import { describe, expect, it } from "vitest";
import {
  DEFAULT_ACCESS,
  deviceAcls,
  deviceRole,
  inBatches,
  issueSteps,
  PORTAL_ROLE,
  portalAcls,
  problemOf,
  revokeSteps,
  setupSteps,
} from "./broker-accounts.ts";

describe("dynamic-security commands", () => {
  it("a device's role: publish under its own id but not its cmd, subscribe to and receive only its cmd", () => {
    expect(deviceRole("HM-001.a_b")).toBe("vrf-device-HM-001.a_b");
    expect(deviceAcls("HM-001")).toEqual([
      { acltype: "publishClientSend", topic: "vrf/HM-001/cmd", allow: false, priority: 1 },
      { acltype: "publishClientSend", topic: "vrf/HM-001/+", allow: true },
      { acltype: "subscribeLiteral", topic: "vrf/HM-001/cmd", allow: true },
      { acltype: "publishClientReceive", topic: "vrf/HM-001/cmd", allow: true },
    ]);
  });

  it("the portal's role: every device topic, its shared subscription, commands", () => {
    expect(portalAcls("vrf-cloud")).toEqual([
      { acltype: "subscribePattern", topic: "vrf/#", allow: true },
      { acltype: "subscribeLiteral", topic: "$share/vrf-cloud/vrf/+/+", allow: true },
      { acltype: "publishClientReceive", topic: "vrf/#", allow: true },
      { acltype: "publishClientSend", topic: "vrf/+/cmd", allow: true },
    ]);
  });

  it("the start: the portal's role made if missing and set whole, then default access denied", () => {
    const steps = setupSteps("g1");
    expect(steps.map((step) => step.command)).toEqual([
      { command: "createRole", rolename: PORTAL_ROLE },
      { command: "modifyRole", rolename: PORTAL_ROLE, acls: portalAcls("g1") },
      {
        command: "setDefaultACLAccess",
        acls: [
          { acltype: "publishClientSend", allow: false },
          { acltype: "publishClientReceive", allow: false },
          { acltype: "subscribe", allow: false },
        ],
      },
    ]);
    expect(steps[2]?.command).toBe(DEFAULT_ACCESS);
    expect(steps[0]?.tolerated).toEqual(["Role already exists"]);
  });

  it("an issued password: role and client made if missing, then set whole, the client id bound to the serial", () => {
    const client = { username: "CK1", clientid: "CK1", password: "s3cret", roles: [{ rolename: "vrf-device-CK1" }] };
    const steps = issueSteps("CK1", "s3cret");
    expect(steps.map((step) => step.command)).toEqual([
      { command: "createRole", rolename: "vrf-device-CK1" },
      { command: "modifyRole", rolename: "vrf-device-CK1", acls: deviceAcls("CK1") },
      { command: "createClient", ...client },
      { command: "modifyClient", ...client },
    ]);
    expect(steps.map((step) => step.tolerated ?? [])).toEqual([
      ["Role already exists"],
      [],
      ["Client already exists"],
      [],
    ]);
  });

  it("a revoked password: client and role deleted, already gone is fine", () => {
    expect(revokeSteps("CK1")).toEqual([
      { command: { command: "deleteClient", username: "CK1" }, tolerated: ["Client not found"] },
      { command: { command: "deleteRole", rolename: "vrf-device-CK1" }, tolerated: ["Role not found"] },
    ]);
  });

  it("judges each answer: no error, a tolerated one, another one, none at all", () => {
    const [create] = issueSteps("CK1", "pw");
    if (!create) throw new Error("no step");
    expect(problemOf(create, { command: "createRole" })).toBeNull();
    expect(problemOf(create, { command: "createRole", error: "Role already exists" })).toBeNull();
    expect(problemOf(create, { command: "createRole", error: "Internal error" })).toBe("Internal error");
    expect(problemOf(create, null)).toBe("no answer");
    const modify = { command: { command: "modifyClient" } };
    expect(problemOf(modify, { command: "modifyClient", error: "Client not found" })).toBe("Client not found");
  });

  it("sends at most a hundred commands per message, in order", () => {
    const items = Array.from({ length: 250 }, (_, i) => i);
    const batches = inBatches(items);
    expect(batches.map((batch) => batch.length)).toEqual([100, 100, 50]);
    expect(batches.flat()).toEqual(items);
    expect(inBatches([])).toEqual([]);
  });
});
