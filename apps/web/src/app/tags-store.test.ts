import { describe, expect, it } from "vitest";
import {
  addTag,
  cachedTagNames,
  closeAllTags,
  closeOtherTags,
  closeTag,
  nextAfterClose,
  type TagView,
} from "./tags-store.ts";

const tag = (name: string, extra: Partial<TagView> = {}): TagView => ({
  name,
  fullPath: `/${name}`,
  titleKey: `menu:${name}`,
  affix: false,
  noCache: false,
  ...extra,
});

const home = tag("agency", { affix: true });

describe("tags view", () => {
  it("adds a tag once per route and follows its latest address", () => {
    let tags = addTag([], home);
    tags = addTag(tags, tag("ProjectList"));
    tags = addTag(tags, tag("projectDetail", { fullPath: "/projectDetail?projectCode=A" }));
    tags = addTag(tags, tag("projectDetail", { fullPath: "/projectDetail?projectCode=B" }));
    expect(tags.map((t) => t.name)).toEqual(["agency", "ProjectList", "projectDetail"]);
    expect(tags[2]?.fullPath).toBe("/projectDetail?projectCode=B");
  });

  it("puts the affix tab first even when it is added later", () => {
    expect(addTag([tag("HiMit")], home).map((t) => t.name)).toEqual(["agency", "HiMit"]);
  });

  it("closes one tag but never the affix one", () => {
    const tags = [home, tag("HiMit"), tag("HiDom")];
    expect(closeTag(tags, "HiMit").map((t) => t.name)).toEqual(["agency", "HiDom"]);
    expect(closeTag(tags, "agency")).toEqual(tags);
  });

  it("closes others and all, keeping affix tabs", () => {
    const tags = [home, tag("HiMit"), tag("HiDom")];
    expect(closeOtherTags(tags, "HiDom").map((t) => t.name)).toEqual(["agency", "HiDom"]);
    expect(closeAllTags(tags).map((t) => t.name)).toEqual(["agency"]);
    expect(nextAfterClose(closeAllTags(tags))?.name).toBe("agency");
    expect(nextAfterClose([])).toBeUndefined();
  });

  it("keeps never-cached pages out of the cached list", () => {
    expect(cachedTagNames([home, tag("HiMit", { noCache: true }), tag("HiDom")])).toEqual(["agency", "HiDom"]);
  });
});
