import { describe, expect, it } from "vitest";
import {
  clearRegistration,
  readRegistration,
  registrationFrom,
  resetFrom,
  writeRegistration,
  writeReset,
} from "./journey-storage.ts";

const memoryStore = () => {
  const map = new Map<string, string>();
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
};

describe("registration draft", () => {
  it("round-trips and clears", () => {
    const store = memoryStore();
    writeRegistration({ email: "a@b.co", code: "123456" }, store);
    expect(readRegistration(store)).toEqual({ email: "a@b.co", code: "123456" });
    clearRegistration(store);
    expect(readRegistration(store)).toBeNull();
  });

  it("ignores a corrupted stored value", () => {
    const store = memoryStore();
    store.setItem("vrf.registration", "{not json");
    expect(readRegistration(store)).toBeNull();
    store.setItem("vrf.registration", JSON.stringify({ code: "123456" }));
    expect(readRegistration(store)).toBeNull();
  });

  it("prefers router state and falls back to the stored copy after a reload", () => {
    const store = memoryStore();
    writeRegistration({ email: "stored@b.co", code: "111111" }, store);
    expect(registrationFrom({ email: "state@b.co", code: "222222" }, store)?.email).toBe("state@b.co");
    expect(registrationFrom(null, store)?.email).toBe("stored@b.co");
  });
});

describe("reset draft", () => {
  it("falls back to the stored e-mail", () => {
    const store = memoryStore();
    expect(resetFrom(undefined, store)).toBeNull();
    writeReset({ email: "a@b.co" }, store);
    expect(resetFrom(undefined, store)).toEqual({ email: "a@b.co" });
  });
});
