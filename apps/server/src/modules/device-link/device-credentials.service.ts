import type { TDeviceCredentials } from "@vrf/contract/devices/credentials.ts";
import { Errors } from "@vrf/contract/errors.ts";
import { AppError } from "../../app-error.ts";
import type { Clock } from "../../clock.ts";
import { hashDeviceSecret, newDeviceSecret } from "../../devices/device-secret.ts";
import type { Scope } from "../scope/scope.service.ts";
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
  /** Forget cached knowledge of the device (the broker checks the new secret from now on). */
  forget?: (serial: string) => void;
}) => {
  const issueFor = async (
    device: { id: number; serialNumber: string },
    issuedBy: number | null,
  ): Promise<TDeviceCredentials> => {
    const password = newDeviceSecret();
    const at = deps.clock.now();
    await deps.credentials.upsert(device.id, hashDeviceSecret(password), issuedBy, at);
    deps.forget?.(device.serialNumber);
    return { username: device.serialNumber, password, issuedAt: at.toISOString() };
  };

  return {
    issueFor,

    async rotate(scope: Scope, deviceId: number): Promise<TDeviceCredentials> {
      const device = await deps.credentials.findDevice(scope.organisationIds, deviceId);
      if (!device) throw new AppError(Errors.notFound);
      return issueFor({ id: Number(device.id), serialNumber: device.serial_number }, scope.accountId);
    },
  };
};

export type DeviceCredentialService = ReturnType<typeof createDeviceCredentialService>;
