import type { SimulatedDevice } from "@vrf/simulator/index.ts";
import type { Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { shows } from "./harness/assert.ts";
import { enterModule, signIn, ui, waitForRoute } from "./harness/browser.ts";
import { type DemoDevice, demoDevice } from "./harness/devices.ts";
import { minutesAhead, startFastChecker } from "./harness/fast-checker.ts";
import type { E2eServer } from "./harness/start-server.ts";
import { useE2eSuite } from "./harness/suite.ts";

let server: E2eServer;
let page: Page;

useE2eSuite(
  (state) => {
    ({ server, page } = state);
  },
  { deviceLink: { broker: { embedded: { host: "127.0.0.1", port: 0 } } } },
);

const text = (key: string, values?: Record<string, string | number>) => ui("en", `checkerTasks:${key}`, values);

const running: SimulatedDevice[] = [];

afterEach(async () => {
  for (const device of running.splice(0)) await device.stop({ graceful: false });
});

async function simulateChecker(device: DemoDevice): Promise<SimulatedDevice> {
  const simulated = await startFastChecker(server, device);
  running.push(simulated);
  return simulated;
}

const taskOf = async (name: string) =>
  server.app.services.db
    .selectFrom("checker_tasks")
    .where("name", "=", name)
    .select(["id", "status", "frame_count", "started_at", "ended_at"])
    .executeTakeFirst();

const statusOf = async (deviceId: number) =>
  (
    await server.app.services.db
      .selectFrom("devices")
      .where("id", "=", deviceId)
      .select("status")
      .executeTakeFirstOrThrow()
  ).status;

/** Fills the new-task form for `device`'s checker and submits it. */
async function createTask(device: DemoDevice, name: string, kind: "capture" | "collection", intervalS: number) {
  await page.goto(`/#/equipmentCenter/createDataReport?deviceId=${device.id}`);
  await waitForRoute(page, "/equipmentCenter/createDataReport");
  await shows(page.getByText(device.code).first());
  await page.getByLabel(text("form.name")).fill(name);
  await page.getByText(text(`kind.${kind}`), { exact: true }).click();
  await page.getByLabel(text("form.interval")).fill(String(intervalS));
  const endAt = page.getByLabel(text("form.endAt"));
  await endAt.click();
  await endAt.fill(minutesAhead(3));
  // The picker's OK takes the typed time (Enter would submit the form).
  await page.locator(".ant-picker-dropdown:visible .ant-picker-ok button").click();
  await page.getByRole("button", { name: text("form.submit") }).click();
  await waitForRoute(page, "/equipmentCenter/CheckerTaskList");
}

describe("checker tasks", () => {
  it("runs a capture task and a collection task on a simulated checker, and shows them end in the history", async () => {
    const device = await demoDevice(server, "checker", 0);
    await simulateChecker(device);
    await expect.poll(() => statusOf(device.id), { timeout: 15_000 }).not.toBe("offline");

    await signIn(page, "checker@example.com");
    await enterModule(page, "checker");
    await waitForRoute(page, "/dashboard");

    await createTask(device, "E2E capture", "capture", 60);
    await shows(page.getByText("E2E capture"));
    // The checker accepts it, grabs frames each (compressed) minute, and ends it at its end time.
    await expect.poll(async () => (await taskOf("E2E capture"))?.status, { timeout: 20_000 }).toBe("finished");
    const capture = await taskOf("E2E capture");
    expect(Number(capture?.frame_count)).toBeGreaterThan(0);
    const frames = await server.app.services.db
      .selectFrom("capture_frames")
      .where("task_id", "=", capture?.id as string)
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(frames.n)).toBe(Number(capture?.frame_count));

    await createTask(device, "E2E collection", "collection", 60);
    await expect.poll(async () => (await taskOf("E2E collection"))?.status, { timeout: 20_000 }).toBe("finished");

    await page.getByRole("button", { name: text("actions.history") }).click();
    await waitForRoute(page, "/equipmentCenter/HistoricalRecords");
    const captureRow = page.locator("tr.ant-table-row", { hasText: "E2E capture" });
    await shows(captureRow.getByText(text("status.finished")));
    const frameCount = Number(capture?.frame_count);
    await shows(
      captureRow.getByText(
        text(`gathered.frames_${frameCount === 1 ? "one" : "other"}`, { value: String(frameCount) }),
      ),
    );
    const collectionRow = page.locator("tr.ant-table-row", { hasText: "E2E collection" });
    await shows(collectionRow.getByText(text("kind.collection")));
    await shows(collectionRow.getByText(text("status.finished")));

    // The message report shows the frames the checker sent, the first one's bytes as stored.
    await captureRow.getByRole("link", { name: text("actions.messages") }).click();
    await waitForRoute(page, "/equipmentCenter/MessageReport");
    await shows(
      page.getByText(
        text(`frames.total_${frameCount === 1 ? "one" : "other"}`, { value: frameCount.toLocaleString("en") }),
      ),
    );
    const first = await server.app.services.db
      .selectFrom("capture_frames")
      .where("task_id", "=", capture?.id as string)
      .where("n", "=", 1)
      .select("raw")
      .executeTakeFirstOrThrow();
    const spaced = (Buffer.from(first.raw).toString("hex").toUpperCase().match(/../g) ?? []).join(" ");
    await shows(page.locator("tr.ant-table-row").first().getByText(spaced));

    // The collected data shows the reports of the checker's first outdoor unit.
    await page.goBack();
    await waitForRoute(page, "/equipmentCenter/HistoricalRecords");
    const collection = await taskOf("E2E collection");
    const reports = await server.app.services.db
      .selectFrom("telemetry_snapshots")
      .where("device_id", "=", device.id)
      .where("ts", ">=", collection?.started_at as Date)
      .where("ts", "<=", collection?.ended_at as Date)
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(reports.n)).toBeGreaterThan(0);
    await collectionRow.getByRole("link", { name: text("actions.data") }).click();
    await waitForRoute(page, "/equipmentCenter/checkerData");
    await shows(page.locator("tr.ant-table-row").first());
    await shows(page.getByText(/^\d[\d,]* reports?$/));
  });
});
