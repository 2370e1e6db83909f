import type { LanguageCode } from "@vrf/contract/constants.ts";
import type { TBusParty } from "@vrf/contract/device/bus-frame.ts";
import type { FAN_SPEEDS, UNIT_MODES } from "@vrf/contract/device/units.ts";
import type { TASK_INDOOR_FIELDS, TASK_OUTDOOR_FIELDS } from "@vrf/contract/hi-checker/task-data.ts";

/**
 * The words of the task exports (message report CSV, collected-data workbook) in both languages:
 * files are made on the server, in the caller's language, as the device lists' exports are.
 */
type Texts<K extends string> = Record<LanguageCode, Record<K, string>>;

export const FRAME_HEADERS: Record<LanguageCode, string[]> = {
  en: ["No.", "Time (UTC)", "Source", "Destination", "Command", "Meaning", "Checksum", "Frame (hex)"],
  zh: ["序号", "时间 (UTC)", "源地址", "目的地址", "命令", "含义", "校验", "报文 (十六进制)"],
};

const COMMANDS: Texts<string> = {
  en: {
    poll: "Poll",
    pollReply: "Poll reply",
    indoorStatus: "Indoor unit status request",
    indoorStatusReply: "Indoor unit status",
    outdoorStatus: "Outdoor unit status request",
    outdoorStatusReply: "Outdoor unit status",
    control: "Control",
    controlReply: "Control reply",
    faultReport: "Fault report",
    addressing: "Addressing",
    unknown: "Unknown command",
  },
  zh: {
    poll: "轮询",
    pollReply: "轮询应答",
    indoorStatus: "内机状态查询",
    indoorStatusReply: "内机状态",
    outdoorStatus: "外机状态查询",
    outdoorStatusReply: "外机状态",
    control: "控制",
    controlReply: "控制应答",
    faultReport: "故障上报",
    addressing: "地址分配",
    unknown: "未知命令",
  },
};

export const commandText = (name: string | undefined, language: LanguageCode): string =>
  COMMANDS[language][name ?? "unknown"] ?? COMMANDS[language].unknown ?? "";

/** "Indoor 5 (0x25)", "内机 5 (0x25)". */
export const partyText = (party: TBusParty, address: number, language: LanguageCode): string => {
  const hex = `0x${address.toString(16).padStart(2, "0")}`;
  const zh = language === "zh";
  switch (party.role) {
    case "outdoor":
      return `${zh ? "外机" : "Outdoor"} ${party.unit} (${hex})`;
    case "indoor":
      return `${zh ? "内机" : "Indoor"} ${party.unit} (${hex})`;
    case "controller":
      return `${zh ? "控制器" : "Controller"} (${hex})`;
    case "unassigned":
      return hex;
  }
};

/** STATUS_WORDS by code. */
export const STATUS_WORD_TEXT: Readonly<Record<number, string>> = { 0: "STOP", 1: "TH OFF", 2: "TH ON", 3: "ALARM" };

type ReadingHeader =
  | (typeof TASK_OUTDOOR_FIELDS)[number]
  | (typeof TASK_INDOOR_FIELDS)[number]
  | "at"
  | "statusWord"
  | "outdoor"
  | "indoor";

export const READING_HEADERS: Texts<ReadingHeader> = {
  en: {
    at: "Time (UTC)",
    statusWord: "Status",
    outdoor: "Outdoor",
    indoor: "Indoor",
    compressorHz: "Compressor (Hz)",
    highPressureMpa: "High pressure (MPa)",
    lowPressureMpa: "Low pressure (MPa)",
    dischargeTempC: "Discharge (°C)",
    suctionTempC: "Suction (°C)",
    outdoorAirTempC: "Outdoor air (°C)",
    fanRpm: "Fan (rpm)",
    eevMainPulses: "Main EEV (pulses)",
    eevSubPulses: "Sub EEV (pulses)",
    currentA: "Current (A)",
    roomTempC: "Room (°C)",
    setTempC: "Set (°C)",
    eevPulses: "EEV (pulses)",
    pipeLiquidTempC: "Liquid pipe (°C)",
    pipeGasTempC: "Gas pipe (°C)",
    powerOn: "Power (1 on)",
    mode: "Mode",
    fanSpeed: "Fan speed",
    louver: "Louver",
  },
  zh: {
    at: "时间 (UTC)",
    statusWord: "状态",
    outdoor: "外机",
    indoor: "内机",
    compressorHz: "压缩机 (Hz)",
    highPressureMpa: "高压 (MPa)",
    lowPressureMpa: "低压 (MPa)",
    dischargeTempC: "排气 (°C)",
    suctionTempC: "吸气 (°C)",
    outdoorAirTempC: "室外温度 (°C)",
    fanRpm: "风机 (rpm)",
    eevMainPulses: "主电子膨胀阀 (脉冲)",
    eevSubPulses: "辅电子膨胀阀 (脉冲)",
    currentA: "电流 (A)",
    roomTempC: "室内温度 (°C)",
    setTempC: "设定温度 (°C)",
    eevPulses: "电子膨胀阀 (脉冲)",
    pipeLiquidTempC: "液管 (°C)",
    pipeGasTempC: "气管 (°C)",
    powerOn: "开关 (1 开)",
    mode: "模式",
    fanSpeed: "风速",
    louver: "摆风",
  },
};

const MODES: Texts<(typeof UNIT_MODES)[number]> = {
  en: {
    cooling: "Cooling",
    heating: "Heating",
    fan: "Fan",
    dry: "Dry",
    auto: "Auto",
    autoDry: "Auto dry",
    annualDry: "Annual dry",
    comfort1: "Comfort 1",
    comfort2: "Comfort 2",
  },
  zh: {
    cooling: "制冷",
    heating: "制热",
    fan: "送风",
    dry: "除湿",
    auto: "自动",
    autoDry: "自动除湿",
    annualDry: "全年除湿",
    comfort1: "舒适 1",
    comfort2: "舒适 2",
  },
};

const FAN_SPEED_TEXT: Texts<(typeof FAN_SPEEDS)[number]> = {
  en: {
    superHigh: "Super high",
    high: "High",
    mid: "Mid",
    midLow: "Mid-low",
    low: "Low",
    silence: "Silent",
    auto: "Auto",
  },
  zh: { superHigh: "超高", high: "高", mid: "中", midLow: "中低", low: "低", silence: "静音", auto: "自动" },
};

export const modeText = (mode: (typeof UNIT_MODES)[number] | null, language: LanguageCode) =>
  mode === null ? "" : MODES[language][mode];
export const fanSpeedText = (speed: (typeof FAN_SPEEDS)[number] | null, language: LanguageCode) =>
  speed === null ? "" : FAN_SPEED_TEXT[language][speed];
