-- Invoice numbers count per owner: the global sequence told every customer how many invoices the shop had issued.
alter table invoices add column owner_seq integer;
update invoices set owner_seq = numbered.n
  from (select id, row_number() over (partition by owner_id order by seq) as n from invoices) as numbered
  where numbered.id = invoices.id;
alter table invoices alter column owner_seq set not null;
create unique index invoices_owner_seq_idx on invoices (owner_id, owner_seq);
drop index invoices_owner_idx;
