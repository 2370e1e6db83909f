export {
  createFaultPlan,
  DEFAULT_FAULT_CODES,
  type FaultPlan,
  type FaultPlanOptions,
  type TFaultCodeSpec,
  type TFaultEvent,
  type TFaultSite,
  type TFaultUnitKind,
  type TSystemLayout,
} from "./fault-plan.ts";
export { createFleet, type Fleet, type FleetDeviceOptions, type FleetOptions, type FleetStats } from "./fleet.ts";
export { createRandom, deriveSeed, type Random } from "./random.ts";
export {
  createSimulatedDevice,
  type PublishListener,
  type SimulatedDevice,
  type SimulatedDeviceOptions,
  type SimulatorLogger,
  type TDeviceKind,
  type TPublishedMessage,
} from "./simulated-device.ts";
export {
  createVrfModel,
  type TApplyResult,
  type TSystemSnapshot,
  type TUnitRef,
  type VrfModel,
  type VrfModelOptions,
} from "./vrf-model.ts";
