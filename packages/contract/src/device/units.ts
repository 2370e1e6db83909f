import { z } from "zod";

/** SPEC section 9: the nine remote-control modes. */
export const UNIT_MODES = [
  "cooling",
  "heating",
  "fan",
  "dry",
  "auto",
  "autoDry",
  "annualDry",
  "comfort1",
  "comfort2",
] as const;
export const ZUnitMode = z.enum(UNIT_MODES);
export type TUnitMode = z.output<typeof ZUnitMode>;

/** SPEC section 9: the seven fan speeds. */
export const FAN_SPEEDS = ["superHigh", "high", "mid", "midLow", "low", "silence", "auto"] as const;
export const ZFanSpeed = z.enum(FAN_SPEEDS);
export type TFanSpeed = z.output<typeof ZFanSpeed>;

/** SPEC section 9: louver positions 1-4. */
export const LOUVER_POSITIONS = [1, 2, 3, 4] as const;
export const ZLouver = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);
export type TLouver = z.output<typeof ZLouver>;

/** Set-point limits the units accept, in °C, in half degrees. */
export const SET_TEMPERATURE = { min: 16, max: 32, step: 0.5 } as const;
// Device messages' checks must all carry over to JSON Schema (the gateway validates with a
// compiled copy, apps/server/src/devices/message-validators.ts): `multipleOf`, not a refinement.
export const ZSetTemperature = z
  .number()
  .min(SET_TEMPERATURE.min)
  .max(SET_TEMPERATURE.max)
  .multipleOf(SET_TEMPERATURE.step, { message: "halfDegrees" });

/** SPEC section 9's status words and the numbers they map to. */
export const STATUS_WORDS = { STOP: 0, "TH OFF": 1, "TH ON": 2, ALARM: 3 } as const;
export type TStatusWord = keyof typeof STATUS_WORDS;
export const ZStatusWord = z.enum(Object.keys(STATUS_WORDS) as [TStatusWord, ...TStatusWord[]]);

/** A physical reading: finite, within what a sensor can report. */
const reading = (min: number, max: number) => z.number().finite().min(min).max(max);

/** One outdoor unit's snapshot (DESIGN glossary: outdoor unit data). */
export const ZOutdoorSnapshot = z
  .object({
    address: z.number().int().min(0).max(7),
    status: ZStatusWord,
    compressorHz: reading(0, 300),
    highPressureMpa: reading(-0.1, 6),
    lowPressureMpa: reading(-0.1, 3),
    dischargeTempC: reading(-40, 150),
    suctionTempC: reading(-40, 100),
    outdoorAirTempC: reading(-50, 70),
    fanRpm: reading(0, 3000),
    /** Main and sub EEV openings in pulses: one of SPEC's combined values ("480,120"). */
    eevPulses: z.tuple([reading(0, 3000), reading(0, 3000)]),
    currentA: reading(0, 200),
    runningHours: z.number().int().min(0).max(10_000_000),
  })
  .strict();
export type TOutdoorSnapshot = z.output<typeof ZOutdoorSnapshot>;

/** What an indoor unit can be set to: remote control offers only these. */
export const ZIndoorSupports = z
  .object({
    modes: z.array(ZUnitMode).min(1).max(UNIT_MODES.length),
    fanSpeeds: z.array(ZFanSpeed).min(1).max(FAN_SPEEDS.length),
    louver: z.boolean(),
  })
  .strict();
export type TIndoorSupports = z.output<typeof ZIndoorSupports>;

/** One indoor unit's snapshot (DESIGN glossary: indoor unit data). */
export const ZIndoorSnapshot = z
  .object({
    address: z.number().int().min(0).max(63),
    status: ZStatusWord,
    powerOn: z.boolean(),
    mode: ZUnitMode,
    fanSpeed: ZFanSpeed,
    louver: ZLouver,
    setTempC: ZSetTemperature,
    roomTempC: reading(-30, 60),
    eevPulses: reading(0, 3000),
    /** Liquid and gas pipe temperatures: one of SPEC's combined values ("12.5,8.0"). */
    pipeTempsC: z.tuple([reading(-40, 120), reading(-40, 120)]),
    /** Sent in a unit's first snapshot after connecting, and whenever it changes. */
    supports: ZIndoorSupports.optional(),
  })
  .strict();
export type TIndoorSnapshot = z.output<typeof ZIndoorSnapshot>;

/** A command's settings for indoor units; at least one is given. */
export const ZUnitSettings = z
  .object({
    powerOn: z.boolean().optional(),
    mode: ZUnitMode.optional(),
    fanSpeed: ZFanSpeed.optional(),
    louver: ZLouver.optional(),
    setTempC: ZSetTemperature.optional(),
  })
  .strict()
  .refine((s) => Object.keys(s).length > 0, { message: "nothingToSet" });
export type TUnitSettings = z.output<typeof ZUnitSettings>;
