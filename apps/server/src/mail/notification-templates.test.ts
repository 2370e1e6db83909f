import { describe, expect, it } from "vitest";
import { dailyFaultReportMail, repairReportMail } from "./notification-templates.ts";

const report = {
  reference: "RR000042",
  reportedAt: "2026-03-01 16:00 (Asia/Shanghai)",
  userName: "Anna <Schmidt>",
  email: "anna@example.de",
  phone: "",
  country: "Deutschland",
  address: "",
  productModel: "HCCS-H64H2C1M",
  serialNumber: "HI2025100001",
  projectName: "Harbour Hotel 3",
  content: "Kühlt nicht & tropft",
  link: "https://vrf.example.com/#/equipmentCenter/RepairReportDetail?id=42",
};

describe("repair report mail", () => {
  it("speaks the reader's language and names the report", () => {
    expect(repairReportMail("en", report).subject).toBe("New repair report RR000042: HCCS-H64H2C1M HI2025100001");
    expect(repairReportMail("zh", report).subject).toBe("新报修 RR000042：HCCS-H64H2C1M HI2025100001");
    expect(repairReportMail("en", report).text).toContain("Project: Harbour Hotel 3");
    expect(repairReportMail("en", { ...report, projectName: null }).text).not.toContain("Project:");
  });

  it("escapes what the end user typed in the HTML part and keeps it verbatim in the text part", () => {
    const mail = repairReportMail("en", report);
    expect(mail.html).toContain("Anna &lt;Schmidt&gt;");
    expect(mail.html).toContain("Kühlt nicht &amp; tropft");
    expect(mail.html).not.toContain("<Schmidt>");
    expect(mail.text).toContain("User name: Anna <Schmidt>");
    expect(mail.text).toContain("Phone: -");
  });

  it("links to the report's page when the portal's address is known, and only then", () => {
    const mail = repairReportMail("en", report);
    expect(mail.text).toContain(
      "Open and handle it: https://vrf.example.com/#/equipmentCenter/RepairReportDetail?id=42",
    );
    expect(mail.html).toContain('<a href="https://vrf.example.com/#/equipmentCenter/RepairReportDetail?id=42">');
    const unlinked = repairReportMail("zh", { ...report, link: null });
    expect(unlinked.text).not.toContain("查看并处理");
    expect(unlinked.html).not.toContain("<a ");
  });
});

describe("daily fault report mail", () => {
  const base = { localDate: "2026-03-02", from: "2026-03-01 08:00", to: "2026-03-02 08:00", zone: "Asia/Shanghai" };
  const line = {
    time: "2026-03-02 06:00",
    projectName: "Harbour Hotel 3",
    serialNumber: "HI2025100001",
    code: "E01",
    name: "Communication fault",
    systemNumber: 0,
    outdoorAddress: 1,
    indoorAddress: null,
    repaired: false,
  };

  it("counts the faults in the subject, with the right plural", () => {
    expect(dailyFaultReportMail("en", { ...base, total: 1, lines: [line] }).subject).toBe(
      "Daily fault report 2026-03-02: 1 fault",
    );
    expect(dailyFaultReportMail("en", { ...base, total: 0, lines: [] }).subject).toBe(
      "Daily fault report 2026-03-02: 0 faults",
    );
    expect(dailyFaultReportMail("zh", { ...base, total: 3, lines: [line] }).subject).toBe(
      "每日故障报告 2026-03-02：3 条故障",
    );
  });

  it("lists each fault with its place on the bus, says so when there are none, and when the list is cut", () => {
    const one = dailyFaultReportMail("en", { ...base, total: 1, lines: [line] });
    expect(one.text).toContain("2026-03-02 06:00 | Harbour Hotel 3 | HI2025100001 | E01 | Communication fault");
    expect(one.text).toContain("System 0 / outdoor 1 / indoor -");
    expect(one.text).toContain("Open");
    expect(dailyFaultReportMail("en", { ...base, total: 0, lines: [] }).text).toContain("No device reported a fault");
    expect(dailyFaultReportMail("en", { ...base, total: 250, lines: [line] }).text).toContain(
      "Showing the latest 1 of 250",
    );
  });
});
