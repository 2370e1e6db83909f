import type { z } from "zod";

/**
 * One HTTP call both sides agree on. The server registers a route from it and
 * the web client calls it through `call(endpoint, input)`, so a path or a field
 * can only change in one place.
 */
export interface Endpoint<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  method: "GET" | "POST";
  path: string;
  request: Req;
  response: Res;
}

export const defineEndpoint = <Req extends z.ZodType, Res extends z.ZodType>(
  endpoint: Endpoint<Req, Res>,
): Endpoint<Req, Res> => endpoint;

export type RequestOf<E> = E extends Endpoint<infer Req, z.ZodType> ? z.input<Req> : never;
export type ResponseOf<E> = E extends Endpoint<z.ZodType, infer Res> ? z.output<Res> : never;
