-- How complete a profile's scored answers were (0-1): a 'no answer' is scored as the reference population's typical
-- answer and lowers it (docs/scoring-model.md, "Missing answers"). Null until the profile is scored again.
alter table profiles add column score_completeness double precision;
