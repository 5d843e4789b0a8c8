-- Team runs now carry their uncertainty band (docs/forecast-model.md section 7) and the indicators changed meaning
-- (K, P, L as member means, the comparison per person): the band of the cached run is kept beside its summary, and
-- every earlier run is made stale so no screen shows numbers computed under the old definitions.
alter table scenes add column band jsonb;
update scenes set result_job_id = null, summary = null, compare_indicators = null, input_changed_at = now();
