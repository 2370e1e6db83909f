import type { TProjectDetail } from "@vrf/contract/projects/project-detail.ts";
import type { TProjectInput } from "@vrf/contract/projects/project-fields.ts";

/** The project form's values; selects without a choice hold undefined so they show their placeholder. */
export interface ProjectFormValues {
  name: string;
  contactPerson: string;
  contactPhone: string;
  countryCode: string | undefined;
  cityCode: string | undefined;
  address: string;
  latitude: number | null;
  longitude: number | null;
}

export const emptyProjectValues = (): ProjectFormValues => ({
  name: "",
  contactPerson: "",
  contactPhone: "",
  countryCode: undefined,
  cityCode: undefined,
  address: "",
  latitude: null,
  longitude: null,
});

export const projectValuesOf = (project: TProjectDetail): ProjectFormValues => ({
  name: project.name,
  contactPerson: project.contactPerson,
  contactPhone: project.contactPhone,
  countryCode: project.countryCode || undefined,
  cityCode: project.cityCode || undefined,
  address: project.address,
  latitude: project.latitude,
  longitude: project.longitude,
});

/** Coordinates kept to six decimals (about 10 cm), which is what a map click can mean. */
export const roundCoordinate = (value: number): number => Math.round(value * 1e6) / 1e6;

const coordinate = (value: number | null | undefined): number | null =>
  value === null || value === undefined || Number.isNaN(value) ? null : roundCoordinate(value);

export const toProjectRequest = (values: ProjectFormValues): TProjectInput => ({
  name: values.name.trim(),
  contactPerson: values.contactPerson.trim(),
  contactPhone: values.contactPhone.trim(),
  countryCode: values.countryCode ?? "",
  cityCode: values.countryCode ? (values.cityCode ?? "") : "",
  address: (values.address ?? "").trim(),
  latitude: coordinate(values.latitude),
  longitude: coordinate(values.longitude),
});

/** Whether the form differs from what was loaded (what the leave guard asks about). */
export const hasUnsavedChanges = (initial: ProjectFormValues, current: Partial<ProjectFormValues>): boolean => {
  const a = toProjectRequest(initial);
  const b = toProjectRequest({ ...initial, ...current });
  return (Object.keys(a) as (keyof TProjectInput)[]).some((key) => a[key] !== b[key]);
};
