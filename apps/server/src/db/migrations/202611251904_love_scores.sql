-- The love model (docs/love-model.md): love and couple profiles get love scores of their own, and a pair slot may
-- hold the partner of a couple profile.
alter table profiles add column love_scores jsonb;
alter table pair_requests add column actor1_side text not null default 'self' check (actor1_side in ('self', 'partner'));
alter table pair_requests add column actor2_side text not null default 'self' check (actor2_side in ('self', 'partner'));
