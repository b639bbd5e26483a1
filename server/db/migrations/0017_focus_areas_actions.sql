-- From results to action: focus areas of a finished IZZ survey, their action plans with dated progress
-- notes, the results page shared back with employees, and the PULS surveys applied for from a focus area.
--
-- focus_areas: up to three per survey (the service enforces the three), each a category or a statement of the IZZ
-- bank; position orders them as HR picked them.
CREATE TABLE focus_areas (
  id INTEGER PRIMARY KEY,
  survey_id INTEGER NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('category', 'statement')),
  item_id TEXT NOT NULL,
  position INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (survey_id, kind, item_id)
) STRICT;

-- An action of a focus area: the owner is a name typed by HR (no employee accounts); due_on a calendar date
-- (YYYY-MM-DD in the platform's time zone).
CREATE TABLE focus_actions (
  id INTEGER PRIMARY KEY,
  focus_area_id INTEGER NOT NULL REFERENCES focus_areas (id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  owner TEXT NOT NULL DEFAULT '',
  due_on TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'planned' CHECK (status IN ('planned', 'in_progress', 'done')),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;

CREATE INDEX focus_actions_area ON focus_actions (focus_area_id);

-- A dated progress note of an action.
CREATE TABLE focus_action_notes (
  id INTEGER PRIMARY KEY,
  action_id INTEGER NOT NULL REFERENCES focus_actions (id) ON DELETE CASCADE,
  noted_on TEXT NOT NULL,
  text TEXT NOT NULL,
  created_at TEXT NOT NULL
) STRICT;

CREATE INDEX focus_action_notes_action ON focus_action_notes (action_id);

-- The employees' results page of a survey: an unguessable token (the public link, kept across unpublish and publish so
-- printed posters stay valid), HR's optional message, and published_at (NULL: not public).
CREATE TABLE results_pages (
  survey_id INTEGER PRIMARY KEY REFERENCES applications (id) ON DELETE CASCADE,
  token TEXT NOT NULL UNIQUE,
  message TEXT NOT NULL DEFAULT '',
  published_at TEXT,
  updated_at TEXT NOT NULL
) STRICT;

-- A PULS application made from a focus area (the follow-up): its report shows the focus area's trend.
CREATE TABLE focus_area_pulses (
  application_id INTEGER PRIMARY KEY REFERENCES applications (id) ON DELETE CASCADE,
  focus_area_id INTEGER NOT NULL REFERENCES focus_areas (id) ON DELETE CASCADE
) STRICT;

CREATE INDEX focus_area_pulses_area ON focus_area_pulses (focus_area_id);
