import type { Db } from "../../db/open.ts";

export interface MenuRow {
  id: number;
  pid: number;
  menuName: string;
  url: string;
  icon: string | null;
}

export const createMenuRepository = (db: Db) => ({
  forAuthority: (authorityNum: number): Promise<MenuRow[]> =>
    db
      .selectFrom("menus")
      .where("authority_num", "=", authorityNum)
      .orderBy("sort")
      .orderBy("id")
      .select(["id", "pid", "menu_name as menuName", "url", "icon"])
      .execute(),
});

export type MenuRepository = ReturnType<typeof createMenuRepository>;
