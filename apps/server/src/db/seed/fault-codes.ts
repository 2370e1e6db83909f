import type { Db } from "../open.ts";

export interface FaultCodeSeed {
  code: string;
  nameZh: string;
  nameEn: string;
  checksZh: string;
  checksEn: string;
  severity: "critical" | "major" | "minor";
  /** Which unit raises it, so demo faults carry the right address. */
  unit: "outdoor" | "indoor" | "link" | "system";
}

/** The maker's VRF fault-code catalogue: name and suggested checks per code, in both languages. */
export const FAULT_CODES: readonly FaultCodeSeed[] = [
  {
    code: "E01",
    nameZh: "室内机与室外机通信故障",
    nameEn: "Indoor/outdoor unit communication error",
    checksZh:
      "检查室内外机之间的通信线是否断开、松动或接反；确认屏蔽层单端接地；检查室内机地址是否重复；测量通信线电压是否在 2.5–5 V 之间波动。",
    checksEn:
      "Check the indoor/outdoor communication cable for breaks, loose or swapped terminals; confirm the shield is earthed at one end only; look for duplicate indoor addresses; measure 2.5–5 V fluctuating on the bus.",
    severity: "critical",
    unit: "link",
  },
  {
    code: "E02",
    nameZh: "室内机与线控器通信故障",
    nameEn: "Indoor unit to wired controller communication error",
    checksZh: "检查线控器连接线及接线端子；确认线控器主/从设置；更换线控器验证。",
    checksEn:
      "Check the wired controller cable and terminals; confirm the controller's main/sub setting; swap in a known-good controller.",
    severity: "minor",
    unit: "indoor",
  },
  {
    code: "E03",
    nameZh: "室外机之间通信故障",
    nameEn: "Communication error between outdoor units",
    checksZh: "检查主从室外机之间的通信线；确认室外机地址拨码（0–7）无重复；检查从机电源。",
    checksEn:
      "Check the cable between main and sub outdoor units; confirm outdoor address DIP switches (0–7) are unique; check the sub unit's power supply.",
    severity: "critical",
    unit: "outdoor",
  },
  {
    code: "E04",
    nameZh: "变频模块保护（IPM）",
    nameEn: "Inverter module (IPM) protection",
    checksZh: "检查压缩机 U/V/W 接线及绝缘；测量直流母线电压；检查变频模块散热器与风道是否堵塞；必要时更换变频板。",
    checksEn:
      "Check compressor U/V/W wiring and insulation; measure the DC bus voltage; check the inverter heat sink and air path for blockage; replace the inverter board if needed.",
    severity: "critical",
    unit: "outdoor",
  },
  {
    code: "E05",
    nameZh: "高压保护",
    nameEn: "High-pressure protection",
    checksZh: "检查室外换热器是否脏堵、风机是否运转；确认截止阀全开；检查冷媒是否过量或有不凝性气体；核对高压开关。",
    checksEn:
      "Check the outdoor coil for dirt and the fan for rotation; confirm service valves are fully open; check for refrigerant overcharge or non-condensables; verify the high-pressure switch.",
    severity: "critical",
    unit: "outdoor",
  },
  {
    code: "E06",
    nameZh: "低压保护",
    nameEn: "Low-pressure protection",
    checksZh: "检查冷媒是否不足或泄漏；检查电子膨胀阀及过滤器是否堵塞；制热时检查室外机是否结霜严重。",
    checksEn:
      "Check for refrigerant shortage or leaks; check EEVs and strainers for blockage; in heating, check the outdoor coil for heavy frost.",
    severity: "major",
    unit: "outdoor",
  },
  {
    code: "E07",
    nameZh: "压缩机排气温度过高",
    nameEn: "Compressor discharge temperature too high",
    checksZh: "检查冷媒量及有无泄漏；检查排气温度传感器阻值；检查电子膨胀阀开度与线圈；确认室外通风良好。",
    checksEn:
      "Check the refrigerant charge and for leaks; measure the discharge sensor's resistance; check EEV opening and coil; make sure the outdoor unit has free airflow.",
    severity: "major",
    unit: "outdoor",
  },
  {
    code: "E08",
    nameZh: "高压传感器故障",
    nameEn: "High-pressure sensor fault",
    checksZh: "检查高压传感器插头及线束；停机时比对高低压读数是否接近；测量传感器输出电压（0.5–4.5 V）。",
    checksEn:
      "Check the high-pressure sensor plug and harness; at standstill compare high and low readings (they should be close); measure the sensor output (0.5–4.5 V).",
    severity: "major",
    unit: "outdoor",
  },
  {
    code: "E09",
    nameZh: "室外风机故障",
    nameEn: "Outdoor fan motor fault",
    checksZh: "检查风叶是否卡住或结冰；检查风机线束及电机绕组；检查风机驱动板输出。",
    checksEn:
      "Check the fan blade for obstruction or ice; check the fan harness and motor windings; check the fan driver board's output.",
    severity: "major",
    unit: "outdoor",
  },
  {
    code: "E10",
    nameZh: "低压传感器故障",
    nameEn: "Low-pressure sensor fault",
    checksZh: "检查低压传感器插头及线束；测量传感器输出电压；必要时更换传感器。",
    checksEn:
      "Check the low-pressure sensor plug and harness; measure its output voltage; replace the sensor if needed.",
    severity: "major",
    unit: "outdoor",
  },
  {
    code: "E11",
    nameZh: "室外环境温度传感器故障",
    nameEn: "Outdoor ambient temperature sensor fault",
    checksZh: "检查传感器是否开路或短路（25 °C 约 10 kΩ）；检查插头是否松动。",
    checksEn: "Check the sensor for open or short circuit (about 10 kΩ at 25 °C); check the plug is seated.",
    severity: "minor",
    unit: "outdoor",
  },
  {
    code: "E12",
    nameZh: "室外换热器温度传感器故障",
    nameEn: "Outdoor heat exchanger temperature sensor fault",
    checksZh: "测量传感器阻值；检查传感器是否脱离管路；检查插头及线束。",
    checksEn: "Measure the sensor's resistance; check it is still clamped to the pipe; check plug and harness.",
    severity: "minor",
    unit: "outdoor",
  },
  {
    code: "E13",
    nameZh: "压缩机过电流",
    nameEn: "Compressor overcurrent",
    checksZh: "检查电源电压及相序；检查压缩机绕组阻值及绝缘；检查系统压力是否异常。",
    checksEn:
      "Check supply voltage and phase sequence; check compressor winding resistance and insulation; check for abnormal system pressures.",
    severity: "critical",
    unit: "outdoor",
  },
  {
    code: "E14",
    nameZh: "直流母线电压异常",
    nameEn: "DC bus voltage abnormal",
    checksZh: "测量输入电源电压；检查电抗器及整流桥；检查滤波电容。",
    checksEn:
      "Measure the incoming supply voltage; check the reactor and rectifier bridge; check the filter capacitors.",
    severity: "major",
    unit: "outdoor",
  },
  {
    code: "E15",
    nameZh: "系统冷媒不足",
    nameEn: "Refrigerant shortage detected",
    checksZh: "对系统进行检漏（焊点、喇叭口、截止阀）；补漏后抽真空并按铭牌追加冷媒。",
    checksEn:
      "Leak-test the system (brazed joints, flare nuts, service valves); after repair, evacuate and recharge to the nameplate amount.",
    severity: "major",
    unit: "outdoor",
  },
  {
    code: "P01",
    nameZh: "室内机排水故障（水位开关）",
    nameEn: "Indoor unit drain fault (float switch)",
    checksZh: "检查排水泵是否运转；清理接水盘及排水管；检查浮子开关是否卡住；确认排水管坡度。",
    checksEn:
      "Check the drain pump runs; clean the drain pan and pipe; check the float switch is free; confirm the drain pipe's slope.",
    severity: "major",
    unit: "indoor",
  },
  {
    code: "P02",
    nameZh: "室内风机故障",
    nameEn: "Indoor fan motor fault",
    checksZh: "检查风轮是否卡住；检查风机线束及反馈信号；检查室内主板风机驱动输出。",
    checksEn:
      "Check the fan wheel turns freely; check the fan harness and feedback signal; check the indoor board's fan output.",
    severity: "major",
    unit: "indoor",
  },
  {
    code: "P03",
    nameZh: "室内回风温度传感器故障",
    nameEn: "Indoor return-air temperature sensor fault",
    checksZh: "测量传感器阻值；检查插头是否松动或受潮。",
    checksEn: "Measure the sensor's resistance; check the plug for looseness or moisture.",
    severity: "minor",
    unit: "indoor",
  },
  {
    code: "P04",
    nameZh: "室内液管温度传感器故障",
    nameEn: "Indoor liquid pipe temperature sensor fault",
    checksZh: "测量传感器阻值；检查传感器是否贴紧液管；检查线束。",
    checksEn: "Measure the sensor's resistance; check it sits tight on the liquid pipe; check the harness.",
    severity: "minor",
    unit: "indoor",
  },
  {
    code: "P05",
    nameZh: "室内气管温度传感器故障",
    nameEn: "Indoor gas pipe temperature sensor fault",
    checksZh: "测量传感器阻值；检查传感器是否贴紧气管；检查线束。",
    checksEn: "Measure the sensor's resistance; check it sits tight on the gas pipe; check the harness.",
    severity: "minor",
    unit: "indoor",
  },
  {
    code: "P06",
    nameZh: "室内电子膨胀阀故障",
    nameEn: "Indoor electronic expansion valve fault",
    checksZh: "检查膨胀阀线圈阻值及插头；断电复位听阀体动作声；检查进出口温差。",
    checksEn:
      "Check the EEV coil resistance and plug; power-cycle and listen for the valve resetting; check the temperature difference across the valve.",
    severity: "major",
    unit: "indoor",
  },
  {
    code: "P07",
    nameZh: "室内机地址重复或未设定",
    nameEn: "Indoor unit address duplicated or not set",
    checksZh: "检查室内机地址拨码（0–63）；在室外机上重新执行自动寻址。",
    checksEn: "Check the indoor address DIP switches (0–63); run automatic addressing again from the outdoor unit.",
    severity: "minor",
    unit: "indoor",
  },
  {
    code: "C11",
    nameZh: "集中控制器通信故障",
    nameEn: "Central controller communication error",
    checksZh: "检查集中控制器至系统总线的连线；确认系统号（0–63）设置正确；检查集中控制器供电。",
    checksEn:
      "Check the central controller's wiring to the system bus; confirm the system number (0–63); check the controller's power supply.",
    severity: "minor",
    unit: "system",
  },
  {
    code: "C12",
    nameZh: "网关与系统总线失联",
    nameEn: "Gateway lost the system bus",
    checksZh: "检查 Hi-Mit 网关与系统总线的连接器；确认总线终端电阻；查看网关指示灯及固件版本。",
    checksEn:
      "Check the Hi-Mit gateway's connector to the system bus; confirm the bus termination; check the gateway LEDs and firmware version.",
    severity: "major",
    unit: "system",
  },
  {
    code: "C13",
    nameZh: "室内机数量或容量不匹配",
    nameEn: "Indoor unit count or capacity mismatch",
    checksZh: "核对室外机设定的室内机台数与实际连接数；检查各室内机通信；确认容量配比在 50%–130% 之间。",
    checksEn:
      "Compare the indoor count set on the outdoor unit with the units connected; check each indoor unit communicates; confirm the capacity ratio is 50%–130%.",
    severity: "major",
    unit: "system",
  },
  {
    code: "C14",
    nameZh: "电源相序错误或缺相",
    nameEn: "Power supply phase reversed or missing",
    checksZh: "用相序表检查三相电源；调换任意两相；检查各相电压及空开。",
    checksEn:
      "Check the three-phase supply with a phase meter; swap any two phases; check each phase's voltage and the breaker.",
    severity: "critical",
    unit: "system",
  },
];

/** Writes the catalogue into an empty table, so an operator's later edits are kept. */
export async function seedFaultCodes(db: Db): Promise<void> {
  const hasCodes = await db.selectFrom("fault_codes").select("code").limit(1).executeTakeFirst();
  if (hasCodes) return;
  await db
    .insertInto("fault_codes")
    .values(
      FAULT_CODES.map((c) => ({
        code: c.code,
        name_zh: c.nameZh,
        name_en: c.nameEn,
        checks_zh: c.checksZh,
        checks_en: c.checksEn,
        severity: c.severity,
      })),
    )
    .execute();
}
