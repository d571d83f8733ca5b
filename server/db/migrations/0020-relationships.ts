import { type Kysely, sql } from "kysely";

/**
 * Relationships between any two entities, one mechanism for all (decision 023): each has a link table in
 * custom_schema_relationship whose unique constraints hold its cardinality; the company–contact link moves there too.
 * A relationship has, for each side, a label and a name in both languages, whether that side shows it, and the groups
 * it is shown to (none: everyone).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table crm.company_has_contact set schema custom_schema_relationship`.execute(db);
  await sql`alter table core.relationship
    add column column1 text,
    add column column2 text,
    add column name1_en text not null default '',
    add column name1_nb text not null default '',
    add column name2_en text not null default '',
    add column name2_nb text not null default '',
    add column visible1 boolean not null default true,
    add column visible2 boolean not null default true,
    add column visible_groups1 uuid[] not null default '{}',
    add column visible_groups2 uuid[] not null default '{}',
    add column created_at timestamptz not null default now()`.execute(db);
  await sql`update core.relationship
    set link_schema = 'custom_schema_relationship', column1 = 'company_id', column2 = 'contact_id'
    where link_schema = 'crm' and link_table = 'company_has_contact'`.execute(db);
  await sql`update core.relationship set column1 = 'id1', column2 = 'id2' where column1 is null`.execute(db);
  await sql`alter table core.relationship alter column column1 set not null, alter column column2 set not null`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`update core.relationship set link_schema = 'crm'
    where link_schema = 'custom_schema_relationship' and link_table = 'company_has_contact'`.execute(db);
  await sql`alter table core.relationship
    drop column column1, drop column column2, drop column name1_en, drop column name1_nb, drop column name2_en,
    drop column name2_nb, drop column visible1, drop column visible2, drop column visible_groups1,
    drop column visible_groups2, drop column created_at`.execute(db);
  await sql`alter table custom_schema_relationship.company_has_contact set schema crm`.execute(db);
}
