import { describeDeliveryAcrossStops } from "./helpers/delivery-across-stops.ts";

// The embedded database: read back from its folder once the portal has stopped.
describeDeliveryAcrossStops({});
