import L from "leaflet";
import { useEffect, useRef } from "react";
import { MAP_MAX_ZOOM, type MapView, WORLD_VIEW } from "../utils/map-views.ts";
import { roundCoordinate } from "../utils/project-form-values.ts";
import { autoZoomLimit, createBaseMap, destroyMap } from "./base-map.ts";

const PIN = L.divIcon({
  className: "",
  html: '<div class="project-pin"></div>',
  iconSize: [22, 22],
  iconAnchor: [11, 22],
});
/** How close a saved position is shown: its streets, for a correction by a click. */
const PIN_ZOOM = 12;

interface LocationPickerProps {
  latitude: number | null;
  longitude: number | null;
  tileUrl: string | null;
  disabled?: boolean;
  onPick: (latitude: number, longitude: number) => void;
  label: string;
  /**
   * Where to start without a position: the region the project is in. It may arrive after the
   * map (the regions load on their own); it is used until a pin, a choice or the user moved the map.
   */
  startView?: MapView | null;
  /** A view the user asked for (a region chosen, a place found): a new object moves the map there. */
  requestedView?: MapView | null;
}

const hasPosition = (latitude: number | null, longitude: number | null): boolean =>
  latitude !== null && longitude !== null && !Number.isNaN(latitude) && !Number.isNaN(longitude);

/** Moves the map to `view`, no closer than `zoomLimit`. */
const showView = (map: L.Map, view: MapView, zoomLimit: number, animate: boolean) => {
  if (view.kind === "centre") map.setView([view.latitude, view.longitude], Math.min(view.zoom, zoomLimit), { animate });
  else
    map.fitBounds(
      [
        [view.south, view.west],
        [view.north, view.east],
      ],
      { padding: [24, 24], maxZoom: Math.min(MAP_MAX_ZOOM - 1, zoomLimit), animate },
    );
};

/** A map where a click or a dragged marker sets the project's coordinates. */
export function LocationPicker(props: LocationPickerProps) {
  const { latitude, longitude, tileUrl, disabled, onPick, label, startView = null, requestedView = null } = props;
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const pin = useRef<L.Marker | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  const locked = useRef(disabled);
  locked.current = disabled;
  const position = useRef({ latitude, longitude });
  position.current = { latitude, longitude };
  const zoomLimit = useRef(autoZoomLimit(tileUrl));
  zoomLimit.current = autoZoomLimit(tileUrl);
  // Set once the view followed a pin, a region or place chosen, or the user's own click: the
  // start view no longer applies.
  const decided = useRef(false);
  // The view as the user left it, so a map built again (another tile server) opens there.
  const kept = useRef<{ centre: L.LatLng; zoom: number } | null>(null);
  const zooming = useRef(false);
  // A view asked for during a zoom animation, shown when it ends.
  const wanted = useRef<MapView | null>(null);

  const syncPin = useRef(() => {
    const instance = map.current;
    if (!instance) return;
    const { latitude: lat, longitude: lng } = position.current;
    if (lat === null || lng === null || !hasPosition(lat, lng)) {
      pin.current?.remove();
      pin.current = null;
      return;
    }
    if (pin.current) {
      pin.current.setLatLng([lat, lng]);
      return;
    }
    const created = L.marker([lat, lng], { icon: PIN, draggable: !locked.current, keyboard: false });
    created.on("dragend", () => {
      const dropped = created.getLatLng().wrap();
      pick.current(roundCoordinate(dropped.lat), roundCoordinate(dropped.lng));
    });
    created.addTo(instance);
    pin.current = created;
  });

  useEffect(() => {
    if (!element.current) return;
    const instance = createBaseMap(element.current, tileUrl);
    if (kept.current) instance.setView(kept.current.centre, kept.current.zoom, { animate: false });
    else showView(instance, WORLD_VIEW, zoomLimit.current, false);
    instance.on("moveend", () => {
      kept.current = { centre: instance.getCenter(), zoom: instance.getZoom() };
    });
    instance.on("zoomanim", () => {
      zooming.current = true;
    });
    instance.on("zoomend", () => {
      zooming.current = false;
      const view = wanted.current;
      wanted.current = null;
      if (view) showView(instance, view, zoomLimit.current, true);
    });
    instance.on("click", (event: L.LeafletMouseEvent) => {
      if (locked.current) return;
      // A click is a deliberate choice where the user looks: no re-centring.
      decided.current = true;
      const wrapped = event.latlng.wrap();
      pick.current(roundCoordinate(wrapped.lat), roundCoordinate(wrapped.lng));
    });
    map.current = instance;
    syncPin.current();
    return () => {
      destroyMap(instance);
      zooming.current = false;
      wanted.current = null;
      map.current = null;
      pin.current = null;
    };
  }, [tileUrl]);

  useEffect(() => {
    syncPin.current();
    const instance = map.current;
    if (!instance || latitude === null || longitude === null || !hasPosition(latitude, longitude)) return;
    // A saved position is shown close up once; later, typed coordinates outside the view are brought into it.
    if (!decided.current) {
      decided.current = true;
      instance.setView([latitude, longitude], Math.min(PIN_ZOOM, zoomLimit.current));
    } else if (!instance.getBounds().contains([latitude, longitude])) {
      instance.panTo([latitude, longitude]);
    }
  }, [latitude, longitude]);

  const startKey = startView ? JSON.stringify(startView) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the same start view again (by value) changes nothing.
  useEffect(() => {
    const instance = map.current;
    if (!instance || !startView || decided.current) return;
    const { latitude: lat, longitude: lng } = position.current;
    if (hasPosition(lat, lng)) return;
    decided.current = true;
    showView(instance, startView, zoomLimit.current, false);
  }, [startKey]);

  useEffect(() => {
    const instance = map.current;
    if (!instance || !requestedView) return;
    decided.current = true;
    wanted.current = requestedView;
    // Leaflet ignores a new view asked for while a zoom animation runs (a city chosen right after
    // its country): the latest one asked for is shown once that animation has ended.
    if (zooming.current) return;
    showView(instance, requestedView, zoomLimit.current, true);
    wanted.current = null;
  }, [requestedView]);

  useEffect(() => {
    if (!pin.current?.dragging) return;
    if (disabled) pin.current.dragging.disable();
    else pin.current.dragging.enable();
  }, [disabled]);

  return <div ref={element} className="project-location-map" role="application" aria-label={label} />;
}
