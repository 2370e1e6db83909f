import type { TDeviceCredentials } from "@vrf/contract/devices/credentials.ts";
import { Errors } from "@vrf/contract/errors.ts";
import { AppError } from "../../app-error.ts";
import type { Clock } from "../../clock.ts";
import { hashDeviceSecret, newDeviceSecret } from "../../devices/device-secret.ts";
import type { Scope } from "../scope/scope.service.ts";
import type { ClientInfo } from "../security-events/client.ts";
import type { SecurityEventService } from "../security-events/security-events.service.ts";
import type { Caller } from "../session/session.service.ts";
import type { DeviceCredentialRepository } from "./device-credentials.repository.ts";

/**
 * Fresh secrets for new devices: the hashes to store and the passwords to show once. Callers
 * store the hashes in the transaction that creates the devices, so a device never exists
 * without its credentials.
 */
export const newCredentials = (devices: { id: number; serialNumber: string }[], at: Date) => {
  const issued = devices.map((device) => ({ device, password: newDeviceSecret() }));
  return {
    rows: issued.map(({ device, password }) => ({
      device_id: device.id,
      secret_hash: hashDeviceSecret(password),
      issued_at: at,
    })),
    credentials: issued.map(
      ({ device, password }): TDeviceCredentials => ({
        username: device.serialNumber,
        password,
        issuedAt: at.toISOString(),
      }),
    ),
  };
};

/**
 * A device's MQTT password: issued at registration or import, shown once, stored as a hash, and
 * rotated on request (the old one stops working at once; a connected device keeps its session
 * until it reconnects).
 */
export const createDeviceCredentialService = (deps: {
  credentials: DeviceCredentialRepository;
  clock: Clock;
  securityEvents: Pick<SecurityEventService, "record">;
  /** The old secret is dead: forget cached knowledge of the device and end its open session. */
  revoke?: (serial: string) => void;
  /** The new secret, in plaintext only now: for a broker that keeps devices' accounts (MQTT_DYNSEC). */
  issued?: (serial: string, password: string) => void;
}) => {
  const issueFor = async (
    device: { id: number; serialNumber: string },
    issuedBy: number | null,
  ): Promise<TDeviceCredentials> => {
    const password = newDeviceSecret();
    const at = deps.clock.now();
    await deps.credentials.upsert(device.id, hashDeviceSecret(password), issuedBy, at);
    // In this order: a broker that keeps accounts drops the old client, then makes the new one.
    deps.revoke?.(device.serialNumber);
    deps.issued?.(device.serialNumber, password);
    return { username: device.serialNumber, password, issuedAt: at.toISOString() };
  };

  return {
    issueFor,

    /** A person issues a new password: logged, since whoever holds it can speak for the device. */
    async rotate(scope: Scope, caller: Caller, deviceId: number, client: ClientInfo): Promise<TDeviceCredentials> {
      const device = await deps.credentials.findDevice(scope.organisationIds, deviceId);
      if (!device) throw new AppError(Errors.notFound);
      const issued = await issueFor({ id: Number(device.id), serialNumber: device.serial_number }, scope.accountId);
      await deps.securityEvents.record({
        organisationId: caller.organisationId,
        accountId: caller.accountId,
        email: caller.email,
        type: "deviceCredentials",
        ...client,
        detail: { serialNumber: device.serial_number, deviceOrganisationId: Number(device.organisation_id) },
      });
      return issued;
    },
  };
};

export type DeviceCredentialService = ReturnType<typeof createDeviceCredentialService>;
