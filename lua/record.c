/* --record FILE / --replay FILE: the inputs that reach the scene and the
 * grab, each with the number of the step it came before, one per line:
 *
 *   step kind button ctrl shift world_x world_y screen_x screen_y key
 *
 * World coordinates are written as hexadecimal floats, so a replay hands
 * the scene bit-identical numbers whatever the camera does, and the world
 * (deterministic) reaches a bit-identical state: same world:hash(). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record.h"

struct tt_record {
	FILE *out;
	tt_input *inputs;  /* replayed */
	long *steps;
	int count, next;
};

static int read_line(const char *line, long *step, tt_input *in)
{
	int kind;
	float wx, wy;
	char key[32] = "";
	memset(in, 0, sizeof *in);
	int n = sscanf(line, "%ld %d %d %d %d %a %a %f %f %31s", step, &kind,
		       &in->button, &in->ctrl, &in->shift, &wx, &wy, &in->sx,
		       &in->sy, key);
	if (n < 9 || kind < TT_INPUT_QUIT || kind > TT_INPUT_MOUSE_MOVE)
		return 0;
	in->kind = (tt_input_kind)kind;
	in->world = (tt_vec3){wx, wy, 0.0f};
	snprintf(in->key, sizeof in->key, "%s", strcmp(key, "-") ? key : "");
	return 1;
}

static int load(tt_record *r, FILE *f, char *err, size_t err_size)
{
	char line[256];
	int cap = 0;
	for (int no = 1; fgets(line, sizeof line, f); no++) {
		if (r->count == cap) {
			cap = cap ? 2 * cap : 256;
			tt_input *in = realloc(r->inputs, (size_t)cap * sizeof *in);
			r->inputs = in ? in : r->inputs;
			long *st = realloc(r->steps, (size_t)cap * sizeof *st);
			r->steps = st ? st : r->steps;
			if (!in || !st)  /* the old arrays stay owned by r */
				return snprintf(err, err_size, "out of memory"), 0;
		}
		if (!read_line(line, &r->steps[r->count], &r->inputs[r->count]))
			return snprintf(err, err_size, "line %d is not an input",
					no), 0;
		r->count++;
	}
	return 1;
}

tt_record *tt_record_open(const char *record_path, const char *replay_path,
			  char *err, size_t err_size)
{
	tt_record *r = calloc(1, sizeof *r);
	if (!r)
		return snprintf(err, err_size, "out of memory"), NULL;
	if (replay_path) {
		FILE *f = fopen(replay_path, "r");
		int ok = f && load(r, f, err, err_size);
		if (!f)
			snprintf(err, err_size, "cannot read %s", replay_path);
		if (f)
			fclose(f);
		if (!ok)
			return tt_record_close(r), NULL;
	}
	if (record_path && !(r->out = fopen(record_path, "w"))) {
		snprintf(err, err_size, "cannot write %s", record_path);
		return tt_record_close(r), NULL;
	}
	return r;
}

void tt_record_close(tt_record *r)
{
	if (!r)
		return;
	if (r->out)
		fclose(r->out);
	free(r->inputs);
	free(r->steps);
	free(r);
}

void tt_record_input(tt_record *r, long step, const tt_input *in)
{
	if (!r || !r->out)
		return;
	fprintf(r->out, "%ld %d %d %d %d %a %a %g %g %s\n", step, (int)in->kind,
		in->button, in->ctrl, in->shift, (double)in->world.x,
		(double)in->world.y, (double)in->sx, (double)in->sy,
		in->key[0] ? in->key : "-");
}

int tt_record_next(tt_record *r, long step, tt_input *out)
{
	if (!r || r->next >= r->count || r->steps[r->next] > step)
		return 0;
	*out = r->inputs[r->next++];
	return 1;
}

int tt_record_replaying(const tt_record *r)
{
	return r && r->count > 0;
}
