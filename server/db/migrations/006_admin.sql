-- Staff administration (issue 13): the company logo and user avatars as stored bytes (small: the logo at
-- most 100 KB, an avatar at most 500 KB), served by GET /api/instantie/logo and /api/users/{id}/avatar.
-- Not replicated: the app caches them as images.
CREATE TABLE company_logos (
  company_id bigint PRIMARY KEY REFERENCES companies(id),
  mime text NOT NULL,
  data bytea NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE user_avatars (
  user_id bigint PRIMARY KEY,
  company_id bigint NOT NULL,
  mime text NOT NULL,
  data bytea NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (company_id, user_id) REFERENCES users(company_id, id)
);
