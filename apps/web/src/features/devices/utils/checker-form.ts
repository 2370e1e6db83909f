import type { TCheckerDetail, TCheckerInput } from "@vrf/contract/devices/checkers.ts";
import type { TCheckerType } from "@vrf/contract/devices/common.ts";
import dayjs, { type Dayjs } from "dayjs";

export interface CheckerFormValues {
  deviceCode: string;
  serialNumber: string;
  alias?: string;
  checkerType: TCheckerType;
  projectId?: number;
  installDate?: Dayjs | null;
  systemNumber?: number | null;
  boundEmails: string[];
}

export const EMPTY_CHECKER_FORM: CheckerFormValues = {
  deviceCode: "",
  serialNumber: "",
  alias: "",
  checkerType: "temporary",
  installDate: null,
  systemNumber: 0,
  boundEmails: [],
};

/** What the form sends: trimmed text, the date as a calendar day, no empty extras. */
export const toCheckerInput = (values: CheckerFormValues): TCheckerInput => ({
  deviceCode: values.deviceCode.trim(),
  serialNumber: values.serialNumber.trim(),
  alias: (values.alias ?? "").trim(),
  checkerType: values.checkerType,
  projectId: values.projectId as number,
  installDate: values.installDate ? values.installDate.format("YYYY-MM-DD") : null,
  systemNumber: values.systemNumber ?? 0,
  boundEmails: values.boundEmails,
});

/** An existing checker as form values, for editing. */
export const fromCheckerDetail = (detail: TCheckerDetail): CheckerFormValues => ({
  deviceCode: detail.deviceCode,
  serialNumber: detail.serialNumber,
  alias: detail.alias,
  checkerType: detail.checkerType ?? "temporary",
  ...(detail.project ? { projectId: detail.project.id } : {}),
  installDate: detail.installDate ? dayjs(detail.installDate, "YYYY-MM-DD") : null,
  systemNumber: detail.systemNumber ?? 0,
  boundEmails: detail.boundUsers.map((u) => u.email),
});
