import { describe, expect, it } from "vitest";
import { startBanner } from "./start-banner.ts";

const facts = {
  url: "http://localhost:8080",
  demoAccounts: ["distributor@example.com", "checker@example.com"],
  demoPassword: "Demo1234",
  smtpUrl: undefined,
  outboxDir: "/srv/vrf/data/outbox",
  mqtt: { port: 18830 },
  requestLogs: false,
};

describe("start banner", () => {
  it("names the address to open, the demo accounts and their password, where mail goes and the MQTT port", () => {
    const banner = startBanner(facts);
    expect(banner).toContain("http://localhost:8080");
    expect(banner).toContain("distributor@example.com, checker@example.com");
    expect(banner).toContain("password Demo1234");
    expect(banner).toContain(".eml files to /srv/vrf/data/outbox");
    expect(banner).toContain("embedded broker on port 18830");
    expect(banner).toContain("LOG_LEVEL=debug");
    expect(banner.split("\n").length).toBeLessThan(14);
  });

  it("never prints the credentials of the mail server or the broker, and leaves out demo sign-in when off", () => {
    const banner = startBanner({
      ...facts,
      demoAccounts: [],
      smtpUrl: "smtp://mailer:s3cret@smtp.example.com:587",
      mqtt: { url: "mqtts://portal:hunter2@broker.example.com:8883" },
    });
    expect(banner).toContain("smtp://smtp.example.com:587");
    expect(banner).toContain("mqtts://broker.example.com:8883");
    expect(banner).not.toMatch(/s3cret|hunter2|mailer|portal:/);
    expect(banner).not.toContain("Sign in");
    expect(banner).not.toContain("Demo1234");
  });
});
