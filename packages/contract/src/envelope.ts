import { z } from "zod";

/** Every JSON response: `errorCode 0, code 200` on success, a catalogue code otherwise. */
export const ZEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({
    errorCode: z.number().int(),
    code: z.number().int(),
    msg: z.string(),
    data,
  });

export interface TEnvelope<T> {
  errorCode: number;
  code: number;
  msg: string;
  data: T;
}

export const SUCCESS_CODE = 200;

export const okEnvelope = <T>(data: T): TEnvelope<T> => ({ errorCode: 0, code: SUCCESS_CODE, msg: "success", data });
