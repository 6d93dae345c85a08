/* Private: --record FILE writes everything that changes a run, --replay
 * FILE feeds it back (record.c says what and in which form). */
#ifndef TT_RECORD_H
#define TT_RECORD_H

#include <stddef.h>

#include "../view/view.h"
#include "runtime.h"

typedef struct tt_record tt_record;

/// What a recording holds for a step (tt_record_next).
typedef enum tt_entry_kind {
	TT_ENTRY_INPUT,   /* an input that reached the scene, grab or slash */
	TT_ENTRY_PANEL,   /* a value set from the tuning panel */
	TT_ENTRY_FILE,    /* the new text of a project file (a save) */
	TT_ENTRY_RELOAD,  /* a save applied: tt_runtime_reload, of this kind */
	TT_ENTRY_HASH,    /* the world's hash after step steps */
	TT_ENTRY_CAMERA,  /* 3D: the camera's pose from now on */
} tt_entry_kind;

typedef struct tt_entry {
	tt_entry_kind kind;
	long step;         /* it came after this many steps */
	int line;          /* where it is in the recording */
	tt_input input;    /* INPUT: input.world.x, y is the pointer in view
			      units (2D: metres; 3D: a tt_view_point, from
			      format 2); PANEL: input.world is the pointer */
	float scale;       /* INPUT: the view's pixels per unit (grab reach) */
	char name[64];     /* PANEL */
	double value;      /* PANEL */
	char path[1024];   /* FILE */
	const char *text;  /* FILE: NULL when the file is gone */
	size_t len;
	tt_reload_kind reload;        /* RELOAD */
	unsigned long long hash;      /* HASH */
	tt_view_pose pose;            /* CAMERA */
} tt_entry;

/// Record to record_path and/or replay from replay_path (either may be
/// NULL) for the scene file scene, taut's scripts under root. NULL with
/// err set (file and line) when a replay is not a recording of this scene:
/// missing, truncated, not a recording, too large, another scene.
tt_record *tt_record_open(const char *record_path, const char *replay_path,
			  const char *scene, const char *root, char *err,
			  size_t err_size);
/// A picker session: the picker's inputs by its frames (the folder
/// named on the header's "picker" line), and each scene opened from it
/// with its own recording nested whole where it opened. NULL with err set
/// as tt_record_open.
tt_record *tt_record_open_session(const char *record_path,
				  const char *replay_path, const char *folder,
				  const char *root, char *err, size_t err_size);
/// The recording of the scene opened now from the session's picker:
/// written into the session's file, replayed from where its replay is
/// (NULL with err set when that is not a recording of this scene). Closed
/// with tt_record_close; the session then goes on after it.
tt_record *tt_record_open_nested(tt_record *session, const char *scene,
				 const char *root, char *err, size_t err_size);
void tt_record_close(tt_record *r);
/// Before the first load. Replaying: the runtime gets the recorded texts
/// and start values, and stops reading the disk. Recording: nothing yet.
void tt_record_attach(tt_record *r, tt_runtime *rt);
/// After the first load and the view's opening: the window's size and the
/// tune values in force (sidecar, --set).
void tt_record_start(tt_record *r, tt_runtime *rt, int width, int height);
/// Can a replay run in a view this size? Anywhere, but a 3D recording of
/// format 1 (its pointer in pixels, no camera) only at the recorded size.
/// 0 and tt_record_error set when not.
int tt_record_fits(tt_record *r, int width, int height, int is_3d);
/// in->world.x, y: the pointer in view units (2D: metres; 3D: its
/// tt_view_point); scale: the view's pixels per unit.
void tt_record_input(tt_record *r, long step, const tt_input *in, float scale);
/// 3D: the camera's pose before step + 1 (written when it changed).
void tt_record_camera(tt_record *r, long step, const tt_view_pose *pose);
/// 1 while a replay's camera comes from its recording (format 2 on): the
/// replay sets the view's pose from its camera entries, and its inputs'
/// pointers are view units.
int tt_record_holds_camera(const tt_record *r);
void tt_record_panel(tt_record *r, long step, const char *name, double value,
		     tt_vec3 pointer);
/// A file text the runtime read (tt_runtime_on_file).
void tt_record_file(tt_record *r, long step, const char *path,
		    const char *text, size_t len);
void tt_record_reload(tt_record *r, long step, tt_reload_kind kind);
/// After each step: the world's hash, every 60 steps.
void tt_record_hash(tt_record *r, long step, tt_world_id world);
/// The next replayed entry due before step number step + 1; 0 when none.
int tt_record_next(tt_record *r, long step, tt_entry *out);
/// A replayed HASH (world) or RELOAD (got) entry against the replay: 0
/// and tt_record_error set when the replay diverged from the recording.
int tt_record_check(tt_record *r, const tt_entry *e, tt_world_id world,
		    tt_reload_kind got);
/// Replaying and steps is the recording's length: check the recorded final
/// hash, and the replay is over (live input from now on). 0 when it
/// diverged (now or before).
int tt_record_verify(tt_record *r, long steps, tt_world_id world);
/// At the end of a recording: its last line (steps and hash). 1.
int tt_record_finish(tt_record *r, long steps, tt_world_id world);
/// 1 while inputs come from a replay (live input is then ignored).
int tt_record_replaying(const tt_record *r);
/// Steps the replayed recording ran (-1 when not replaying).
long tt_record_length(const tt_record *r);
/// Why the replay diverged, "file:line: ..."; NULL while it has not.
const char *tt_record_error(const tt_record *r);

#endif
