import type { LanguageCode } from "@vrf/contract/constants.ts";
import { BUS_COMMANDS, busParty, readBusFrame } from "@vrf/contract/device/bus-frame.ts";
import { Errors } from "@vrf/contract/errors.ts";
import {
  FRAME_EXPORT_MAX,
  READINGS_EXPORT_MAX,
  TASK_INDOOR_FIELDS,
  TASK_OUTDOOR_FIELDS,
  type TFrame,
  type ZFrameFilter,
  type ZFrameListRequest,
  type ZReadingsRequest,
} from "@vrf/contract/hi-checker/task-data.ts";
import { stringify } from "csv-stringify/sync";
import type { z } from "zod";
import { AppError } from "../../app-error.ts";
import type { Clock } from "../../clock.ts";
import { fanSpeedOfCode, modeOfCode } from "../../devices/snapshot-layout.ts";
import { listWorkbook } from "../../export/list-workbook.ts";
import { type Download, XLSX_CONTENT_TYPE } from "../../plugins/download-route.ts";
import type { Scope } from "../scope/scope.service.ts";
import type { CheckerTaskRepository } from "./checker-tasks.repository.ts";
import type { FrameRow, ReadingRow, TaskDataRepository } from "./task-data.repository.ts";
import {
  commandText,
  FRAME_HEADERS,
  fanSpeedText,
  modeText,
  partyText,
  READING_HEADERS,
  STATUS_WORD_TEXT,
} from "./task-export-texts.ts";

const toFrame = (row: FrameRow): TFrame => {
  const raw = Buffer.from(row.raw);
  return {
    n: Number(row.n),
    at: row.at.toISOString(),
    source: row.source,
    destination: row.destination,
    command: row.command,
    checksumOk: row.source === null ? null : (readBusFrame(raw)?.checksumOk ?? null),
    hex: raw.toString("hex"),
  };
};

const toReading = (row: ReadingRow) => ({
  at: row.ts.toISOString(),
  statusWord: row.word,
  values: row.values ?? [],
});

/** Milliseconds matter between bus frames: "2026-03-01 08:00:00.125", UTC. */
const utcMs = (iso: string) => iso.replace("T", " ").replace("Z", "");

/** The task's own name, safe in a file name. */
export const fileSafe = (name: string) => name.replace(/[\\/:*?"<>|\s]+/g, "-").slice(0, 40) || "task";

/**
 * What a task gathered, for the task's viewers only (checker-tasks.repository `find` holds the
 * scope rule): a capture task's frames, a collection task's unit readings, and their exports.
 */
export const createTaskDataService = (deps: {
  tasks: CheckerTaskRepository;
  data: TaskDataRepository;
  clock: Clock;
}) => {
  const { tasks, data, clock } = deps;

  const taskOf = async (scope: Scope, id: string, kind: "capture" | "collection") => {
    const task = await tasks.find(scope, id);
    if (task?.kind !== kind) throw new AppError(Errors.notFound);
    return task;
  };

  /** A collection task's period: from its start to its end, or to now while it runs. */
  const readingsQuery = (
    task: Awaited<ReturnType<typeof taskOf>>,
    input: Pick<z.output<typeof ZReadingsRequest>, "side" | "systemNumber" | "address">,
  ) =>
    task.started_at === null
      ? null
      : {
          deviceId: Number(task.device_id),
          side: input.side,
          systemNumber: input.systemNumber,
          address: input.address,
          from: task.started_at,
          to: task.ended_at ?? clock.now(),
        };

  return {
    async frames(scope: Scope, input: z.output<typeof ZFrameListRequest>) {
      const { pageNum, pageSize, taskId, ...filter } = input;
      const task = await taskOf(scope, taskId, "capture");
      const { rows, total } = await data.framesPage(
        taskId,
        Number(task.frame_count),
        filter,
        pageSize,
        (pageNum - 1) * pageSize,
      );
      return { list: rows.map(toFrame), total, pageNum, pageSize };
    },

    async exportFrames(scope: Scope, input: z.output<typeof ZFrameFilter>, language: LanguageCode): Promise<Download> {
      const { taskId, ...filter } = input;
      const task = await taskOf(scope, taskId, "capture");
      const rows = await data.frames(taskId, filter, FRAME_EXPORT_MAX);
      if (rows.length > FRAME_EXPORT_MAX) throw new AppError(Errors.exportTooLarge);
      const records = rows.map((row) => {
        const frame = toFrame(row);
        return [
          frame.n,
          utcMs(frame.at),
          frame.source === null ? "" : partyText(busParty(frame.source), frame.source, language),
          frame.destination === null ? "" : partyText(busParty(frame.destination), frame.destination, language),
          frame.command === null ? "" : `0x${frame.command.toString(16).padStart(2, "0")}`,
          frame.command === null ? "" : commandText(BUS_COMMANDS[frame.command], language),
          frame.checksumOk === null ? "" : frame.checksumOk ? "OK" : "ERR",
          frame.hex.toUpperCase(),
        ];
      });
      // A byte-order mark: spreadsheet programs then read the Chinese headers as UTF-8.
      const body = Buffer.from(`\uFEFF${stringify([FRAME_HEADERS[language], ...records])}`, "utf8");
      return {
        filename: `${language === "zh" ? "报文" : "frames"}-${fileSafe(task.name)}.csv`,
        contentType: "text/csv; charset=utf-8",
        body,
        exported: { what: "captureFrames", rows: rows.length },
      };
    },

    async readings(scope: Scope, input: z.output<typeof ZReadingsRequest>) {
      const { pageNum, pageSize } = input;
      const task = await taskOf(scope, input.taskId, "collection");
      const fields = input.side === "outdoor" ? [...TASK_OUTDOOR_FIELDS] : [...TASK_INDOOR_FIELDS];
      const query = readingsQuery(task, input);
      if (!query) return { fields, list: [], total: 0, pageNum, pageSize };
      const { rows, total } = await data.readingsPage(query, pageSize, (pageNum - 1) * pageSize);
      return { fields, list: rows.map(toReading), total, pageNum, pageSize };
    },

    async exportReadings(
      scope: Scope,
      input: Omit<z.output<typeof ZReadingsRequest>, "pageNum" | "pageSize">,
      language: LanguageCode,
    ): Promise<Download> {
      const task = await taskOf(scope, input.taskId, "collection");
      const query = readingsQuery(task, input);
      const rows = query ? await data.readings(query, READINGS_EXPORT_MAX) : [];
      if (rows.length > READINGS_EXPORT_MAX) throw new AppError(Errors.exportTooLarge);
      const fields = input.side === "outdoor" ? TASK_OUTDOOR_FIELDS : TASK_INDOOR_FIELDS;
      const headers = READING_HEADERS[language];
      const columns = [
        { header: headers.at, key: "at", width: 22 },
        { header: headers.statusWord, key: "statusWord", width: 10 },
        ...fields.map((field) => ({ header: headers[field], key: field, width: 14 })),
      ];
      const sheetRows = rows.map((row) => {
        const reading = toReading(row);
        return {
          at: reading.at.replace("T", " ").slice(0, 19),
          statusWord: reading.statusWord === null ? "" : (STATUS_WORD_TEXT[reading.statusWord] ?? ""),
          ...Object.fromEntries(
            fields.map((field, i) => {
              const value = reading.values[i] ?? null;
              if (field === "mode") return [field, modeText(modeOfCode(value), language)];
              if (field === "fanSpeed") return [field, fanSpeedText(fanSpeedOfCode(value), language)];
              return [field, value];
            }),
          ),
        };
      });
      const side = input.side === "outdoor" ? headers.outdoor : headers.indoor;
      const body = await listWorkbook(`${side} ${input.systemNumber}-${input.address}`, columns, sheetRows);
      return {
        filename: `${language === "zh" ? "采集数据" : "collected-data"}-${fileSafe(task.name)}-${input.side}-${input.systemNumber}-${input.address}.xlsx`,
        contentType: XLSX_CONTENT_TYPE,
        body,
        exported: { what: "collectedData", rows: rows.length },
      };
    },
  };
};

export type TaskDataService = ReturnType<typeof createTaskDataService>;
