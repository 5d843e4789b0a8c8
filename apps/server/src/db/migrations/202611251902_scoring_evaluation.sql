-- Accuracy that means something (docs/scoring-model.md, "Accuracy"): each trained model keeps its evaluation on
-- held-out people (split by person, bootstrap intervals) and whether demo labels went into it. A model trained or
-- tested on labels of demo profiles is a demonstration, never evidence.
alter table scoring_models add column evaluation jsonb;
alter table scoring_models add column is_demo boolean not null default false;
alter table scoring_models add column demo_labels integer not null default 0;
-- Models trained before this change did not record their labels: where demo profiles carry estimators' ratings they
-- were trained on them (training took every labelled profile), so they are marked demo.
update scoring_models set is_demo = true
where metrics is not null
  and exists (select 1 from profile_estimates e join profiles p on p.id = e.profile_id where p.is_demo);
