import type { TRepairStatus } from "@vrf/contract/repair-reports/repair-report.ts";
import { DAY_MS, type DemoContext } from "./context.ts";
import { seededRandom } from "./random.ts";

const HOUR_MS = 3_600_000;

interface EndUser {
  name: string;
  country: string;
  address: string;
  email: string;
  phone: string;
}

const USERS_BY_TENANT: Record<string, EndUser[]> = {
  "Demo Distributor": [
    {
      name: "王伟",
      country: "中国",
      address: "北京市朝阳区建国路 88 号",
      email: "wang.wei@example.cn",
      phone: "+86 138 1001 2233",
    },
    {
      name: "李娜",
      country: "中国",
      address: "上海市静安区南京西路 1266 号",
      email: "li.na@example.cn",
      phone: "+86 139 2002 3344",
    },
    {
      name: "陈静",
      country: "中国",
      address: "广州市天河区天河路 385 号",
      email: "chen.jing@example.cn",
      phone: "+86 137 3003 4455",
    },
    {
      name: "Anna Schmidt",
      country: "Deutschland",
      address: "Friedrichstraße 43, 10117 Berlin",
      email: "anna.schmidt@example.de",
      phone: "+49 30 2345 6789",
    },
    {
      name: "Lukas Müller",
      country: "Deutschland",
      address: "Leopoldstraße 12, 80802 München",
      email: "l.mueller@example.de",
      phone: "+49 89 1234 5678",
    },
    {
      name: "Claire Martin",
      country: "France",
      address: "40 Boulevard Haussmann, 75009 Paris",
      email: "claire.martin@example.fr",
      phone: "+33 1 42 68 53 00",
    },
    {
      name: "James Smith",
      country: "United Kingdom",
      address: "221 Oxford Street, London W1D 2LN",
      email: "james.smith@example.co.uk",
      phone: "+44 20 7946 0958",
    },
    {
      name: "Mehmet Yılmaz",
      country: "Türkiye",
      address: "İstiklal Caddesi 120, Beyoğlu, İstanbul",
      email: "mehmet.yilmaz@example.com.tr",
      phone: "+90 212 555 0147",
    },
    {
      name: "Omar Haddad",
      country: "United Arab Emirates",
      address: "Sheikh Zayed Road, Tower 2, Dubai",
      email: "omar.haddad@example.ae",
      phone: "+971 4 555 0199",
    },
  ],
  "Demo Sub-distributor": [
    {
      name: "Carlos García",
      country: "España",
      address: "Calle de Alcalá 45, 28014 Madrid",
      email: "carlos.garcia@example.es",
      phone: "+34 91 555 0123",
    },
    {
      name: "Lucía Fernández",
      country: "España",
      address: "Avinguda Diagonal 640, 08017 Barcelona",
      email: "lucia.fernandez@example.es",
      phone: "+34 93 555 0456",
    },
    {
      name: "Giulia Rossi",
      country: "Italia",
      address: "Corso Buenos Aires 33, 20124 Milano",
      email: "giulia.rossi@example.it",
      phone: "+39 02 5550 1234",
    },
    {
      name: "Marco Bianchi",
      country: "Italia",
      address: "Via del Corso 300, 00186 Roma",
      email: "marco.bianchi@example.it",
      phone: "+39 06 5550 9876",
    },
  ],
  "Other Distributor": [
    {
      name: "Olivia Brown",
      country: "Australia",
      address: "200 George Street, Sydney NSW 2000",
      email: "olivia.brown@example.com.au",
      phone: "+61 2 5550 1234",
    },
    {
      name: "Jack Wilson",
      country: "Australia",
      address: "101 Collins Street, Melbourne VIC 3000",
      email: "jack.wilson@example.com.au",
      phone: "+61 3 5550 5678",
    },
    {
      name: "Emily Taylor",
      country: "United Kingdom",
      address: "14 Deansgate, Manchester M3 2BQ",
      email: "emily.taylor@example.co.uk",
      phone: "+44 161 496 0000",
    },
  ],
};

/** What end users write, in their own words and languages. */
const CONTENTS: Record<string, string[]> = {
  zh: [
    "会议室空调不制冷，室内机显示故障代码 E01，已经重启过两次仍然不行。",
    "三楼办公区的室内机一直滴水，天花板已经有水渍，请尽快安排人员上门。",
    "线控器屏幕无显示，按键没有反应，其他房间的空调正常。",
    "夜间室外机噪音很大，有金属摩擦声，邻居已经投诉。",
    "制热效果差，设定 26 度但房间只有 19 度左右。",
  ],
  en: [
    "The indoor unit in the meeting room blows warm air in cooling mode. Error E01 shows on the controller.",
    "Water is dripping from the cassette unit in the lobby since yesterday evening.",
    "The app shows the controller offline although the power is on. Please check the gateway.",
    "Loud rattling noise from the outdoor unit on the roof when the compressor starts.",
    "Two rooms on the second floor cannot be switched on from the central controller.",
  ],
  de: [
    "Die Klimaanlage im Büro kühlt nicht mehr, das Display zeigt den Fehler P01.",
    "Das Innengerät im Besprechungsraum tropft seit gestern. Bitte um baldigen Termin.",
    "Die Fernbedienung reagiert nicht, die Anlage lässt sich nur am Gerät ausschalten.",
  ],
  fr: [
    "La climatisation ne chauffe plus depuis ce matin, le voyant clignote en rouge.",
    "Bruit anormal de l'unité extérieure, surtout la nuit. Merci d'envoyer un technicien.",
  ],
  es: [
    "El aire acondicionado del salón no enfría y muestra el código E05 en la pantalla.",
    "Sale agua de la unidad interior del dormitorio principal desde hace dos días.",
    "El mando central no enciende las unidades de la segunda planta.",
  ],
  it: [
    "Il condizionatore dell'ufficio non raffredda e il display mostra l'errore P02.",
    "L'unità interna della sala riunioni perde acqua, serve un intervento urgente.",
  ],
  tr: ["Dış ünite çalışırken çok yüksek ses çıkarıyor, lütfen teknik servis gönderin."],
};

const LANGUAGE_BY_COUNTRY: Record<string, string[]> = {
  中国: ["zh"],
  Deutschland: ["de", "en"],
  France: ["fr"],
  España: ["es"],
  Italia: ["it"],
  Türkiye: ["tr", "en"],
};

/** Handling notes in the language each demo account works in. */
const NOTES = {
  zh: {
    start: [
      "已电话联系用户，预约明天上午上门检查。",
      "已安排工程师张工处理，备件已下单。",
      "远程查看运行数据，怀疑电子膨胀阀故障，安排上门。",
    ],
    progress: ["现场检查发现冷媒不足，已补充冷媒并检漏。", "更换排水泵后观察中。"],
    resolve: [
      "已更换室内机主板，试机正常，用户确认。",
      "清洗过滤网和冷凝器后恢复正常。",
      "重新配置网关后设备恢复在线。",
    ],
    reopen: ["用户反馈问题再次出现，重新跟进。"],
  },
  en: {
    start: [
      "Called the customer, visit booked for tomorrow morning.",
      "Assigned to our service engineer; spare part ordered.",
      "Checked the operating data remotely; EEV suspected, site visit planned.",
    ],
    progress: ["On site: refrigerant low, recharged and leak-tested.", "Drain pump replaced, monitoring for 48 h."],
    resolve: [
      "Indoor PCB replaced, unit tested with the customer: OK.",
      "Filters and condenser cleaned, cooling back to normal.",
      "Gateway reconfigured, device back online.",
    ],
    reopen: ["Customer reports the fault is back; reopened."],
  },
} as const;

interface Plan {
  status: TRepairStatus;
  /** Steps after the report, in order. */
  steps: ("start" | "progress" | "resolve" | "reopen" | "resolveDirect")[];
}

const PLANS: Plan[] = [
  { status: 0, steps: [] },
  { status: 0, steps: [] },
  { status: 1, steps: ["start"] },
  { status: 1, steps: ["start", "progress"] },
  { status: 2, steps: ["start", "resolve"] },
  { status: 2, steps: ["start", "progress", "resolve"] },
  { status: 2, steps: ["resolveDirect"] },
  { status: 1, steps: ["start", "resolve", "reopen"] },
];

const TENANTS = [
  { organisation: "Demo Distributor", reports: 20, handler: "distributor@example.com", language: "zh" as const },
  { organisation: "Demo Sub-distributor", reports: 8, handler: "subdistributor@example.com", language: "en" as const },
  { organisation: "Other Distributor", reports: 8, handler: "other@example.com", language: "en" as const },
];

const UNMATCHED = [
  { serial: "HI2019000123", model: "HCCS-H64H2C1M", user: "Hans Becker", country: "Österreich", lang: "de" },
  { serial: "XX-UNKNOWN-77", model: "", user: "Sophie Dubois", country: "Belgique", lang: "fr" },
  { serial: "SM2020999999", model: "HYXE-VA01", user: "Ahmed Khan", country: "Pakistan", lang: "en" },
  { serial: "HD2021000001", model: "HCPC-H2M1C", user: "刘洋", country: "中国", lang: "zh" },
];

/** Demo data: about 40 repair reports in every status, with handling timelines; a few unmatched. */
export async function seedDemoRepairReports(ctx: DemoContext): Promise<void> {
  const { trx, now } = ctx;
  // Its own generator, so the reports stay the same whatever the other demo steps draw.
  const random = seededRandom(7_004_001);
  const at = (ms: number) => new Date(Math.min(ms, now.getTime() - 60_000));

  for (const tenant of TENANTS) {
    const organisationId = ctx.organisations.get(tenant.organisation) as number;
    const handler = ctx.accounts.get(tenant.handler) as number;
    const devices = await trx
      .selectFrom("devices")
      .where("organisation_id", "=", organisationId)
      .where("kind", "in", ["himit", "hidom", "smarttouch"])
      .select(["id", "serial_number as serialNumber", "model"])
      .orderBy("id")
      .execute();
    if (devices.length === 0) continue;
    const users = USERS_BY_TENANT[tenant.organisation] as EndUser[];
    const notes = NOTES[tenant.language];

    for (let i = 0; i < tenant.reports; i++) {
      const device = devices[(i * 7 + random.int(0, 3)) % devices.length] as (typeof devices)[number];
      const user = users[i % users.length] as EndUser;
      const languages = LANGUAGE_BY_COUNTRY[user.country] ?? ["en"];
      const content = random.pick(CONTENTS[random.pick(languages)] as string[]);
      // The newest reports are the unhandled ones, as they would be in a working inbox.
      const plan = i < 4 ? (PLANS[i % 2] as Plan) : (PLANS[random.int(0, PLANS.length - 1)] as Plan);
      const reportedAt = at(now.getTime() - (i * 2.5 + random.next() * 2) * DAY_MS - random.int(1, 10) * HOUR_MS);

      let when = reportedAt.getTime();
      const later = () => {
        when += random.int(2, 30) * HOUR_MS;
        return at(when);
      };
      const entries: { note: string; from: TRepairStatus | null; to: TRepairStatus | null; at: Date }[] = [];
      let status: TRepairStatus = 0;
      for (const step of plan.steps) {
        if (step === "start") {
          entries.push({ note: random.pick(notes.start), from: status, to: 1, at: later() });
          status = 1;
        } else if (step === "progress") {
          entries.push({ note: random.pick(notes.progress), from: null, to: null, at: later() });
        } else if (step === "resolve" || step === "resolveDirect") {
          entries.push({ note: random.pick(notes.resolve), from: status, to: 2, at: later() });
          status = 2;
        } else {
          entries.push({ note: random.pick(notes.reopen), from: status, to: 1, at: later() });
          status = 1;
        }
      }

      const report = await trx
        .insertInto("repair_reports")
        .values({
          organisation_id: organisationId,
          device_id: device.id,
          user_name: user.name,
          country: user.country,
          address: user.address,
          email: user.email,
          phone: user.phone,
          product_model: device.model,
          serial_number: device.serialNumber,
          content,
          status: plan.status,
          reported_at: reportedAt,
          updated_at: entries.at(-1)?.at ?? reportedAt,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (entries.length > 0) {
        await trx
          .insertInto("repair_report_notes")
          .values(
            entries.map((e) => ({
              report_id: report.id,
              account_id: handler,
              note: e.note,
              from_status: e.from,
              to_status: e.to,
              created_at: e.at,
            })),
          )
          .execute();
      }
    }
  }

  // Serial numbers no distributor owns: kept for the maker, shown to nobody.
  for (const [i, u] of UNMATCHED.entries()) {
    const reportedAt = at(now.getTime() - (i * 5 + 1) * DAY_MS);
    await trx
      .insertInto("repair_reports")
      .values({
        organisation_id: null,
        device_id: null,
        user_name: u.user,
        country: u.country,
        email: `${
          u.user
            .toLowerCase()
            .replace(/[^a-z]+/g, ".")
            .replace(/^\.|\.$/g, "") || "user"
        }@example.com`,
        product_model: u.model,
        serial_number: u.serial,
        content: random.pick(CONTENTS[u.lang] as string[]),
        reported_at: reportedAt,
        updated_at: reportedAt,
      })
      .execute();
  }
}
