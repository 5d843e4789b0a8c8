-- A stored questionnaire is never changed once profiles were answered with it (spec): an edit of its questions makes
-- a new version instead. version counts from 1; previous_id is the version it was made from.
alter table questionnaires add column version integer not null default 1;
alter table questionnaires add column previous_id text references questionnaires(id) on delete set null;
