import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/**
 * A row as one JSON value that SQLite builds, `T`'s keys each read by its own SQL: a list comes back
 * as one driver value per row (or one in all, under `json_group_array`) instead of one per field,
 * which the driver and drizzle's row mapping hand over one by one. Columns are written qualified by
 * their table, which a statement's RETURNING reads as the row it wrote.
 */
export const jsonObject = <T>(fields: { readonly [K in keyof T]-?: SQLWrapper }): SQL<string> =>
  sql`json_object(${sql.join(
    Object.entries<SQLWrapper>(fields).map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`),
    sql`, `,
  )})`;
