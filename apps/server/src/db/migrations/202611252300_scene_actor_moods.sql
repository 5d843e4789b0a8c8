-- Each member's mood on the last forecast day of a team's cached run (issue 20): the profile card shows the mood of the
-- person's latest team run, or none. Filled when a run's result is next read; cleared with the summary when the team
-- changes.
alter table scenes add column actor_moods jsonb;
