import { type DemoContext, daysAgo } from "./context.ts";

/** City centres of the seeded regions, for believable project coordinates. */
const CITIES: Record<string, { country: string; lat: number; lng: number; street: string }> = {
  "CN-BJ": { country: "CN", lat: 39.9042, lng: 116.4074, street: "Jianguo Road" },
  "CN-SH": { country: "CN", lat: 31.2304, lng: 121.4737, street: "Nanjing West Road" },
  "CN-GZ": { country: "CN", lat: 23.1291, lng: 113.2644, street: "Tianhe Road" },
  "CN-SZ": { country: "CN", lat: 22.5431, lng: 114.0579, street: "Shennan Avenue" },
  "CN-QD": { country: "CN", lat: 36.0671, lng: 120.3826, street: "Hong Kong Middle Road" },
  "DE-BER": { country: "DE", lat: 52.52, lng: 13.405, street: "Friedrichstraße" },
  "DE-MUC": { country: "DE", lat: 48.1351, lng: 11.582, street: "Leopoldstraße" },
  "DE-HAM": { country: "DE", lat: 53.5511, lng: 9.9937, street: "Mönckebergstraße" },
  "DE-FRA": { country: "DE", lat: 50.1109, lng: 8.6821, street: "Mainzer Landstraße" },
  "ES-MAD": { country: "ES", lat: 40.4168, lng: -3.7038, street: "Calle de Alcalá" },
  "ES-BCN": { country: "ES", lat: 41.3874, lng: 2.1686, street: "Avinguda Diagonal" },
  "ES-VLC": { country: "ES", lat: 39.4699, lng: -0.3763, street: "Carrer de Colón" },
  "IT-MIL": { country: "IT", lat: 45.4642, lng: 9.19, street: "Corso Buenos Aires" },
  "IT-ROM": { country: "IT", lat: 41.9028, lng: 12.4964, street: "Via del Corso" },
  "FR-PAR": { country: "FR", lat: 48.8566, lng: 2.3522, street: "Boulevard Haussmann" },
  "FR-LYS": { country: "FR", lat: 45.764, lng: 4.8357, street: "Rue de la République" },
  "GB-LON": { country: "GB", lat: 51.5072, lng: -0.1276, street: "Oxford Street" },
  "GB-MAN": { country: "GB", lat: 53.4808, lng: -2.2426, street: "Deansgate" },
  "TR-IST": { country: "TR", lat: 41.0082, lng: 28.9784, street: "İstiklal Caddesi" },
  "AE-DXB": { country: "AE", lat: 25.2048, lng: 55.2708, street: "Sheikh Zayed Road" },
  "AU-SYD": { country: "AU", lat: -33.8688, lng: 151.2093, street: "George Street" },
  "AU-MEL": { country: "AU", lat: -37.8136, lng: 144.9631, street: "Collins Street" },
};

const BUILDINGS = [
  "Office Tower",
  "Business Park",
  "Hotel",
  "Shopping Centre",
  "Hospital",
  "Residences",
  "Logistics Hub",
  "Conference Centre",
  "University Library",
  "Data Centre",
  "Medical Centre",
  "Apartments",
];
const BRANDS = [
  "Harbour",
  "Central",
  "Riverside",
  "Skyline",
  "Garden",
  "Park",
  "Lakeside",
  "Metro",
  "Sunrise",
  "Grand",
];
const CONTACTS = [
  "Li Wei",
  "Anna Schmidt",
  "Carlos García",
  "Giulia Rossi",
  "Claire Martin",
  "James Smith",
  "Mehmet Yılmaz",
  "Omar Haddad",
  "Olivia Brown",
  "Zhang Min",
];

/** Which cities each tenant works in, and how many projects it has. */
const TENANTS: { organisation: string; cities: string[]; projects: number; prefix: string }[] = [
  {
    organisation: "Demo Distributor",
    cities: [
      "CN-BJ",
      "CN-SH",
      "CN-GZ",
      "CN-SZ",
      "CN-QD",
      "DE-BER",
      "DE-MUC",
      "DE-HAM",
      "DE-FRA",
      "FR-PAR",
      "FR-LYS",
      "GB-LON",
      "GB-MAN",
      "TR-IST",
      "AE-DXB",
    ],
    projects: 36,
    prefix: "P",
  },
  {
    organisation: "Demo Sub-distributor",
    cities: ["ES-MAD", "ES-BCN", "ES-VLC", "IT-MIL", "IT-ROM"],
    projects: 10,
    prefix: "S",
  },
  { organisation: "Other Distributor", cities: ["AU-SYD", "AU-MEL", "GB-LON"], projects: 10, prefix: "O" },
];

const MODELS = {
  himit: ["HCCS-H64H2C1M", "HCCS-H128H2C1M"],
  hidom: ["HCPC-H2M1C", "HCPC-H4M1C"],
  smarttouch: ["HYXE-VA01", "HYXE-VA02"],
  checker: ["HC-LOG-T1", "HC-LOG-S1"],
} as const;
const FIRMWARE = {
  himit: ["2.3.1", "2.3.4", "2.4.0"],
  hidom: ["1.8.2", "1.9.0"],
  smarttouch: ["3.1.0", "3.2.1"],
  checker: ["1.2.7", "1.3.0"],
} as const;
const OUTDOOR_MODELS = ["RAS-8FSXNSE", "RAS-10FSXNSE", "RAS-12FSXNSE", "RAS-16FSXNPE"];
const INDOOR_MODELS = ["RCI-2.0FSN3", "RPK-1.5FSN3M", "RPI-3.0FSN4E", "RCIM-1.0FSN4", "RPC-4.0FSN3"];

type Kind = keyof typeof MODELS;

const checkerModel = (kind: Kind, stationary: boolean, drawn: string): string =>
  kind !== "checker" ? drawn : stationary ? MODELS.checker[1] : MODELS.checker[0];

/**
 * Projects with coordinates, devices of every kind (with units and a status
 * history), and the demo sub-distributor associated under the demo
 * distributor, for all three tenants.
 */
export async function seedDemoChannel(ctx: DemoContext): Promise<void> {
  const { trx, now, random } = ctx;
  const distributorId = ctx.organisations.get("Demo Distributor") as number;
  const subId = ctx.organisations.get("Demo Sub-distributor") as number;
  const distributorAccount = ctx.accounts.get("distributor@example.com") as number;
  const subAccount = ctx.accounts.get("subdistributor@example.com") as number;

  const link = await trx
    .insertInto("sub_distributor_links")
    .values({
      parent_organisation_id: distributorId,
      child_organisation_id: subId,
      invited_account_id: subAccount,
      note: "Spain and Italy",
      status: 2,
      created_by: distributorAccount,
      created_at: daysAgo(now, 120),
      updated_at: daysAgo(now, 115),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("sub_distributor_events")
    .values([
      {
        link_id: link.id,
        from_status: null,
        to_status: 0,
        actor_account_id: distributorAccount,
        created_at: daysAgo(now, 120),
      },
      {
        link_id: link.id,
        from_status: 0,
        to_status: 1,
        actor_account_id: distributorAccount,
        created_at: daysAgo(now, 119),
      },
      { link_id: link.id, from_status: 1, to_status: 2, actor_account_id: subAccount, created_at: daysAgo(now, 115) },
    ])
    .execute();

  let serial = 100_000;
  for (const tenant of TENANTS) {
    const organisationId = ctx.organisations.get(tenant.organisation) as number;
    const ownerAccount = [...ctx.accounts.entries()].find(([email]) =>
      tenant.organisation === "Demo Distributor"
        ? email === "distributor@example.com"
        : tenant.organisation === "Demo Sub-distributor"
          ? email === "subdistributor@example.com"
          : email === "other@example.com",
    )?.[1] as number;

    for (let i = 0; i < tenant.projects; i++) {
      const cityCode = tenant.cities[i % tenant.cities.length] as string;
      const city = CITIES[cityCode] as (typeof CITIES)[string];
      const createdAt = daysAgo(now, random.int(20, 400));
      const project = await trx
        .insertInto("projects")
        .values({
          organisation_id: organisationId,
          code: `${tenant.prefix}${String(2026_0000 + i + 1)}`,
          name: `${random.pick(BRANDS)} ${random.pick(BUILDINGS)} ${i + 1}`,
          contact_person: random.pick(CONTACTS),
          contact_phone: `+${random.int(30, 90)} ${random.int(100, 999)} ${random.int(1000, 9999)} ${random.int(100, 999)}`,
          country_code: city.country,
          city_code: cityCode,
          address: `${city.street} ${random.int(1, 300)}`,
          latitude: city.lat + (random.next() - 0.5) * 0.12,
          longitude: city.lng + (random.next() - 0.5) * 0.16,
          created_by: ownerAccount,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .returning("id")
        .executeTakeFirstOrThrow();

      const kinds: Kind[] = [
        ...Array.from({ length: random.int(1, 3) }, () => "himit" as const),
        ...(random.chance(0.5) ? (["hidom"] as const) : []),
        ...Array.from({ length: random.int(0, 2) }, () => "smarttouch" as const),
        ...(random.chance(0.4) ? (["checker"] as const) : []),
      ];
      let systemNumber = 0;
      for (const kind of kinds) {
        serial += 1;
        const installed = new Date(createdAt.getTime() + random.int(1, 15) * 86_400_000);
        const checkerStationary = kind === "checker" && random.chance(0.5);
        const status =
          kind === "checker"
            ? random.pick(["standby", "online", "grabbing", "collecting", "offline"])
            : random.chance(0.8)
              ? "online"
              : "offline";
        const device = await trx
          .insertInto("devices")
          .values({
            organisation_id: organisationId,
            project_id: project.id,
            kind,
            device_code:
              kind === "checker" ? `HC-${random.hex(12)}` : `${kind.slice(0, 2).toUpperCase()}${random.hex(10)}`,
            serial_number: `${kind.slice(0, 2).toUpperCase()}${installed.getUTCFullYear()}${serial}`,
            alias: kind === "checker" ? `Checker ${serial % 1000}` : "",
            // Drawn for every kind so the rest of the seeded data stays the same; a checker's model follows its type.
            model: checkerModel(kind, checkerStationary, random.pick(MODELS[kind])),
            firmware: random.pick(FIRMWARE[kind]),
            module_version: `M${random.int(1, 3)}.${random.int(0, 9)}`,
            mcu_version: `U${random.int(1, 2)}.${random.int(0, 9)}.${random.int(0, 9)}`,
            status,
            checker_type: kind === "checker" ? (checkerStationary ? "stationary" : "temporary") : null,
            storage_capacity_mb: kind === "checker" ? (checkerStationary ? 4096 : 200) : null,
            used_capacity_mb: kind === "checker" ? random.int(5, checkerStationary ? 3000 : 190) : null,
            system_number: kind === "himit" || kind === "checker" ? systemNumber : null,
            install_date: installed.toISOString().slice(0, 10),
            admin_account_id: kind === "checker" ? ownerAccount : null,
            last_seen_at: status === "offline" ? daysAgo(now, random.int(1, 20)) : now,
            created_at: installed,
            updated_at: installed,
          })
          .returning("id")
          .executeTakeFirstOrThrow();

        await trx
          .insertInto("device_status_history")
          .values([
            { device_id: device.id, status: "online", created_at: installed },
            ...(status !== "online"
              ? [{ device_id: device.id, status, created_at: daysAgo(now, random.int(1, 10)) }]
              : []),
          ])
          .execute();

        if (kind === "himit" || kind === "checker") {
          const outdoorCount = random.int(1, 3);
          await trx
            .insertInto("outdoor_units")
            .values(
              Array.from({ length: outdoorCount }, (_, address) => ({
                device_id: device.id,
                system_number: systemNumber,
                address,
                model: random.pick(OUTDOOR_MODELS),
                serial_number: `OU${serial}${address}`,
                capacity_kw: random.pick([22.4, 28, 33.5, 45]),
                status: random.chance(0.9) ? "normal" : "alarm",
                running_hours: random.int(300, 18_000),
                updated_at: now,
              })),
            )
            .execute();
          const indoorCount = random.int(4, 16);
          await trx
            .insertInto("indoor_units")
            .values(
              Array.from({ length: indoorCount }, (_, address) => {
                const on = random.chance(0.6);
                return {
                  device_id: device.id,
                  system_number: systemNumber,
                  address,
                  model: random.pick(INDOOR_MODELS),
                  serial_number: `IU${serial}${String(address).padStart(2, "0")}`,
                  capacity_kw: random.pick([2.2, 2.8, 3.6, 4.5, 5.6]),
                  status: random.chance(0.93) ? "normal" : "alarm",
                  power_on: on,
                  mode: random.pick(["cooling", "heating", "fan", "dry", "auto"]),
                  set_temperature: random.int(18, 26),
                  room_temperature: random.int(180, 300) / 10,
                  updated_at: now,
                };
              }),
            )
            .execute();
          systemNumber = Math.min(63, systemNumber + 1);
        }
      }
    }
  }
}
