import type { TSecurityEvent } from "@vrf/contract/security-events/list.ts";
import type { TFunction } from "i18next";

type Detail = TSecurityEvent["detail"];

const text = (value: Detail[string] | undefined): string =>
  value === null || value === undefined ? "" : String(value);

/** A known value's name from the locale file, else the value itself (a newer server may send new ones). */
const named = (t: TFunction, group: string, value: Detail[string] | undefined): string =>
  t(`securityEvents:detail.${group}.${text(value)}`, { defaultValue: text(value) });

/** Whatever a type has no sentence for: its values as "key: value", so nothing recorded is hidden. */
const plain = (detail: Detail): string =>
  Object.entries(detail)
    .map(([key, value]) => `${key}: ${text(value)}`)
    .join(", ");

/** The event type's name in the reader's language. */
export const eventTypeName = (t: TFunction, type: string): string =>
  t(`securityEvents:types.${type}`, { defaultValue: type });

/** One readable sentence for an event's detail, in the reader's language. */
export const describeDetail = (t: TFunction, event: Pick<TSecurityEvent, "type" | "detail">): string => {
  const { detail } = event;
  switch (event.type) {
    case "moduleSession":
      return t("securityEvents:detail.moduleSession", { module: named(t, "modules", detail.authorityNum) });
    case "roleChanged": {
      const roles = { from: named(t, "roles", detail.from), to: named(t, "roles", detail.to) };
      return detail.parentOrganisation
        ? t("securityEvents:detail.roleChangedUnder", { ...roles, parent: text(detail.parentOrganisation) })
        : t("securityEvents:detail.roleChanged", roles);
    }
    case "subDistributorTransition":
      return t("securityEvents:detail.transition", {
        child: text(detail.childOrganisation),
        email: text(detail.subDistributorEmail),
        parent: text(detail.parentOrganisation),
        from: detail.from === null ? t("securityEvents:detail.status.new") : named(t, "status", detail.from),
        to: named(t, "status", detail.to),
      });
    case "export":
      return t("securityEvents:detail.export", { what: named(t, "exportWhat", detail.what), count: detail.rows });
    case "deviceCredentials":
      return t("securityEvents:detail.deviceCredentials", { serial: text(detail.serialNumber) });
    case "deviceRemoved": {
      const device = { kind: named(t, "deviceKinds", detail.kind), serial: text(detail.serialNumber) };
      return detail.projectCode
        ? t("securityEvents:detail.deviceRemoved", { ...device, project: text(detail.projectCode) })
        : t("securityEvents:detail.deviceRemovedNoProject", device);
    }
    case "teamChanged": {
      const modules = text(detail.modules)
        .split(",")
        .filter(Boolean)
        .map((m) => named(t, "modules", m))
        .join(" + ");
      return t(`securityEvents:detail.team.${text(detail.action)}`, {
        member: text(detail.member),
        name: text(detail.name),
        modules,
        role: named(t, "teamRoles", detail.role),
        defaultValue: plain(detail),
      });
    }
    case "signInFailed":
      if (detail.reason !== undefined) {
        return t("securityEvents:detail.signInFailed", { reason: named(t, "reasons", detail.reason) });
      }
      return plain(detail);
    default:
      return plain(detail);
  }
};
