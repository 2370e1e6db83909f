import { z } from "zod";
import { isPhone, PHONE_MAX, ZPersonName, ZText } from "../rules.ts";

export const PROJECT_NAME_MAX = 100;
export const CONTACT_PERSON_MAX = 50;
export const ADDRESS_MAX = 200;

// Markup and control characters never belong in a building's name or address; other punctuation
// ("Tower A (North) #2") does, so the general special-character rule is too strict here.
const MARKUP_OR_CONTROL = /[<>\p{Cc}]/u;
export const hasMarkupOrControl = (value: string): boolean => MARKUP_OR_CONTROL.test(value);

const freeText = (max: number) => ZText(max).refine((v) => !hasMarkupOrControl(v), { message: "specialCharacters" });

export const ZProjectName = freeText(PROJECT_NAME_MAX).min(1, { message: "required" });
export const ZContactPerson = ZPersonName(CONTACT_PERSON_MAX).min(1, { message: "required" });
export const ZContactPhone = ZText(PHONE_MAX, { tooLong: "illegalPhone" })
  .min(1, { message: "required" })
  .refine((v) => v === "" || isPhone(v), { message: "illegalPhone" });
export const ZAddress = freeText(ADDRESS_MAX).default("");
export const ZRegionCode = ZText(16)
  .regex(/^[A-Z0-9-]*$/, { message: "invalidRegion" })
  .default("");
export const ZLatitude = z.number().min(-90, { message: "latitudeRange" }).max(90, { message: "latitudeRange" });
export const ZLongitude = z.number().min(-180, { message: "longitudeRange" }).max(180, { message: "longitudeRange" });

const projectFields = {
  name: ZProjectName,
  contactPerson: ZContactPerson,
  contactPhone: ZContactPhone,
  countryCode: ZRegionCode,
  cityCode: ZRegionCode,
  address: ZAddress,
  latitude: ZLatitude.nullable().default(null),
  longitude: ZLongitude.nullable().default(null),
};

interface Located {
  latitude: number | null;
  longitude: number | null;
  countryCode: string;
  cityCode: string;
}

const withProjectRules = <T extends z.ZodType<Located>>(schema: T) =>
  schema
    .refine((p) => (p.latitude === null) === (p.longitude === null), {
      message: "coordinatesIncomplete",
      path: ["longitude"],
    })
    .refine((p) => p.cityCode === "" || p.countryCode !== "", { message: "cityWithoutCountry", path: ["cityCode"] });

/** What a user enters for a project; the project ID is the server's to give. */
export const ZProjectInput = withProjectRules(z.object(projectFields));
export const ZProjectUpdate = withProjectRules(z.object({ id: z.number().int().positive(), ...projectFields }));
export type TProjectInput = z.input<typeof ZProjectInput>;

export const DEVICE_KINDS = ["himit", "hidom", "smarttouch", "checker"] as const;
export const ZDeviceKind = z.enum(DEVICE_KINDS);
export type TDeviceKind = z.output<typeof ZDeviceKind>;

export const ZDeviceCounts = z.object({
  himit: z.number().int(),
  hidom: z.number().int(),
  smarttouch: z.number().int(),
  checker: z.number().int(),
});
export type TDeviceCounts = z.output<typeof ZDeviceCounts>;
