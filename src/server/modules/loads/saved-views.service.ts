import { SAVED_VIEWS_MAX, type SavedView, type SavedViewInput } from "@shared/loads/saved-views.schema";
import { and, asc, count, eq, sql } from "drizzle-orm";
import { savedViews } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { conflict, notFound } from "../../http/errors";

const SCREEN = "loads";
const mine = (actor: Actor) => and(eq(savedViews.userId, actor.userId), eq(savedViews.screen, SCREEN));
const columns = { id: savedViews.id, name: savedViews.name, query: savedViews.query };

/** A user's saved views of the loads list: their own only (someone else's id is 404). */
export function createSavedViewsService({ db }: Deps) {
  return {
    list(actor: Actor): Promise<SavedView[]> {
      return db
        .select(columns)
        .from(savedViews)
        .where(mine(actor))
        .orderBy(asc(sql`lower(${savedViews.name})`));
    },

    /** A view with the same name is replaced (saving "my unassigned" again updates it). */
    async save(actor: Actor, input: Required<SavedViewInput>): Promise<SavedView> {
      return db.transaction(async (tx) => {
        const [same] = await tx
          .select({ id: savedViews.id })
          .from(savedViews)
          .where(and(mine(actor), sql`lower(${savedViews.name}) = lower(${input.name})`))
          .for("update");
        if (same) {
          const [row] = await tx
            .update(savedViews)
            .set({ query: input.query })
            .where(eq(savedViews.id, same.id))
            .returning(columns);
          return row;
        }
        const [{ n }] = await tx.select({ n: count() }).from(savedViews).where(mine(actor));
        if (n >= SAVED_VIEWS_MAX) {
          throw conflict(`Keep at most ${SAVED_VIEWS_MAX} views: delete one first.`, "TOO_MANY_VIEWS");
        }
        const [row] = await tx
          .insert(savedViews)
          .values({ userId: actor.userId, screen: SCREEN, ...input })
          .returning(columns);
        return row;
      });
    },

    async remove(actor: Actor, id: string): Promise<void> {
      const deleted = await db
        .delete(savedViews)
        .where(and(mine(actor), eq(savedViews.id, id)))
        .returning({ id: savedViews.id });
      if (!deleted.length) throw notFound("The view");
    },
  };
}
