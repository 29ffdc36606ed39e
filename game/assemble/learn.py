"""Train Alice Assemble's value network (issue 43): `python -m game.assemble.learn`.

Monte Carlo returns: every decision of a game is a training position, seen from every seat at the
table (not only the one that decides: the search asks the network about positions where another
seat is to move, and a network that only ever saw the mover's view judged those poorly), and its
targets are how the game ended (each seat's win share and final points). The
games come first from the current bots (normal, easy, a short hard search, a few random moves
for variety), then from the network itself (it plays the move whose position it values most,
sometimes a random one), each stage followed by training.

Seeded (--seed), with a progress bar, and resumable: games are kept in chunks and the training
in a checkpoint under --out (outside git); run the same command again after a stop and it goes
on where it was. `--ship` copies the final weights and a manifest to assets/learned/.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

import numpy as np

from . import value
from .bots import EasyBot, HardBot, NormalBot
from .state import AssembleState

if TYPE_CHECKING:
    from .setup import Action
    from .view import AssembleView

CHUNK = 50  # games per data file
LEVELS = (("normal", 0.6), ("easy", 0.25), ("hard", 0.05), ("random", 0.1))
PLAYER_COUNTS = (4, 4, 4, 3, 2)
EPS = 0.05  # share of random moves in the bots' games
NET_EPS = 0.1  # the network's own games: exploration


class Progress:
    """A one-line progress bar on stderr."""

    def __init__(self, label: str, total: int, done: int = 0):
        self.label, self.total, self.done = label, max(1, total), done
        self.start = time.perf_counter()
        self.note = ""
        self.show()

    def step(self, n: int = 1, note: str = "") -> None:
        self.done += n
        self.note = note or self.note
        self.show()

    def show(self) -> None:
        width = 30
        filled = int(width * self.done / self.total)
        took = time.perf_counter() - self.start
        sys.stderr.write(f"\r{self.label} [{'#' * filled}{'.' * (width - filled)}] "
                         f"{self.done}/{self.total} {took:6.0f}s {self.note}   ")
        sys.stderr.flush()

    def close(self) -> None:
        sys.stderr.write("\n")


# --- games ------------------------------------------------------------------------------------

class NetPolicy:
    """The network's own move: each legal move applied to one guess of the hidden cards, the
    move whose position it values most for the mover (sometimes a random move, to explore)."""

    name = "net"

    def __init__(self, net: value.Network, rng: random.Random, eps: float = NET_EPS):
        self.net, self.rng, self.eps = net, rng, eps

    def decide(self, view: AssembleView, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        if self.rng.random() < self.eps:
            return self.rng.choice(legal)
        guess = view.sample_state(self.rng)
        best, choice = -1.0, legal[0]
        for action in legal:
            after = guess.clone()
            after.apply_unchecked(action)
            v = (value.outcome(after)[0][view.player] if after.is_over()
                 else self.net.win_share(after, view.player))
            if v > best:
                best, choice = v, action
        return choice


def policy_strength(net: value.Network, games: int, seed: int) -> float:
    """The network's own move (NetPolicy, no exploration) in 4-player games against three normal
    bots: its win share (par 0.25), the hero in each seat in turn. A figure of what the
    evaluation knows about moves, not only positions: quick, unlike the ladder's searches."""
    won = 0.0
    for g in range(games):
        deal, hero = _game_seed(seed, "policy", g // 4), g % 4
        rng = random.Random(deal * 4 + hero)
        state = AssembleState.new(deal, 4)
        seats = [NetPolicy(net, random.Random(rng.getrandbits(32)), eps=0.0) if p == hero
                 else NormalBot(rng.getrandbits(32)) for p in range(4)]
        while not state.is_over():
            player = state.current_player()
            assert player is not None
            state.apply_unchecked(seats[player].decide(state.view(player), state.legal_actions()))
        won += value.outcome(state)[0][hero]
    return round(won / max(1, games), 4)


def make_seat(level: str, rng: random.Random, net: value.Network | None) -> Any:
    seed = rng.getrandbits(32)
    if level == "net":
        assert net is not None  # a network's own games only
        return NetPolicy(net, random.Random(seed))
    if level == "normal":
        return NormalBot(seed)
    if level == "easy":
        return EasyBot(seed)
    if level == "hard":
        return HardBot(seed, iterations=40)
    return None  # random


def play_game(seed: int, net: value.Network | None = None) -> dict[str, Any]:
    """One game's training positions (sparse features from the mover's view) and targets."""
    rng = random.Random(seed)
    players = rng.choice(PLAYER_COUNTS)
    state = AssembleState.new(rng.getrandbits(32), players)
    if net is None:
        names = [l for l, _ in LEVELS]
        levels = [rng.choices(names, [w for _, w in LEVELS])[0] for _ in range(players)]
        eps = EPS
    else:  # the network's games: mostly itself, sometimes a normal bot at the table
        levels = ["net" if rng.random() < 0.75 else "normal" for _ in range(players)]
        eps = 0.0
    seats = [make_seat(level, rng, net) for level in levels]
    for bot, level in zip(seats, levels):
        if hasattr(bot, "seated"):
            bot.seated(levels)
    rows, observers = [], []
    while not state.is_over():
        player = state.current_player()
        assert player is not None
        legal = state.legal_actions()
        for seat in range(players):
            rows.append(value.features(state, seat))
            observers.append(seat)
        bot = seats[player]
        if bot is None or (len(legal) > 1 and rng.random() < eps):
            action = rng.choice(legal)
        else:
            action = bot.decide(state.view(player), legal)
        state.apply_unchecked(action)
    shares, points = value.outcome(state)
    return {"rows": rows, "observers": observers, "players": players, "shares": shares,
            "points": points, "levels": levels}


def pack(games: list[dict[str, Any]]) -> dict[str, Any]:
    """Games as arrays: CSR features, per-seat targets from each observer's view, a seat mask."""
    indptr, indices, values = [0], [], []
    win, pts, mask, game_of = [], [], [], []
    for g, game in enumerate(games):
        players = game["players"]
        for (idx, val), seat in zip(game["rows"], game["observers"]):
            indices.extend(idx)
            values.extend(val)
            indptr.append(len(indices))
            win.append(value.relative(game["shares"], seat, players))
            pts.append(value.relative([p / value.POINTS for p in game["points"]], seat, players))
            mask.append([1.0] * players + [0.0] * (value.SEATS - players))
            game_of.append(g)
    return {"indptr": np.array(indptr, np.int64), "indices": np.array(indices, np.int16),
            "values": np.array(values, np.float32), "win": np.array(win, np.float32),
            "pts": np.array(pts, np.float32), "mask": np.array(mask, np.float32),
            "game": np.array(game_of, np.int32)}


def generate(out: Path, stage: str, games: int, seed: int, net: value.Network | None = None,
             chunk: int = CHUNK,
             workers: int = 1) -> None:
    """Play `games` games in chunks under out/stage/, skipping chunks already there; `workers`
    processes play chunks side by side (each chunk's games are seeded by their index, so the
    data is the same with any number of workers)."""
    folder = out / stage
    folder.mkdir(parents=True, exist_ok=True)
    chunks = -(-games // chunk)
    todo = [c for c in range(chunks) if not (folder / f"chunk-{c:04d}.npz").exists()]
    bar = Progress(f"games ({stage})", chunks * chunk, (chunks - len(todo)) * chunk)
    jobs = [(folder, stage, c, chunk, seed, net) for c in todo]
    if workers > 1 and len(jobs) > 1:
        import multiprocessing
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            for _ in pool.imap_unordered(_play_chunk, jobs):
                bar.step(chunk)
    else:
        for job in jobs:
            _play_chunk(job)
            bar.step(chunk)
    bar.close()


def _play_chunk(job: tuple[Path, str, int, int, int, value.Network | None]) -> None:
    folder, stage, c, chunk, seed, net = job
    played = [play_game(_game_seed(seed, stage, c * chunk + g), net) for g in range(chunk)]
    path = folder / f"chunk-{c:04d}.npz"
    tmp = path.with_suffix(".tmp.npz")
    np.savez_compressed(tmp, **pack(played))
    os.replace(tmp, path)


def _game_seed(seed: int, stage: str, index: int) -> int:
    return random.Random(f"{seed}:{stage}:{index}").getrandbits(32)


def load(out: Path, stages: list[str]) -> dict[str, Any]:
    parts = []
    for stage in stages:
        for path in sorted((out / stage).glob("chunk-*.npz")):
            if path.name.endswith(".tmp.npz"):
                continue
            with np.load(path) as data:
                parts.append({k: data[k] for k in data.files})
    return concat(parts)


def concat(parts: list[dict[str, Any]]) -> dict[str, Any]:
    indptr, offset, games = [np.zeros(1, np.int64)], 0, 0
    for p in parts:
        indptr.append(p["indptr"][1:] + offset)
        offset += int(p["indptr"][-1])
    out = {"indptr": np.concatenate(indptr)}
    for key in ("indices", "values", "win", "pts", "mask"):
        out[key] = np.concatenate([p[key] for p in parts])
    game_ids = []
    for p in parts:
        game_ids.append(p["game"] + games)
        games += int(p["game"].max()) + 1 if len(p["game"]) else 0
    out["game"] = np.concatenate(game_ids)
    return out


# --- the network and its training -------------------------------------------------------------

def init_weights(seed: int, hidden: int = value.HIDDEN) -> dict[str, Any]:
    rng = np.random.default_rng(seed)
    return {"w1": rng.normal(0, 0.1, (value.SIZE, hidden)), "b1": np.zeros(hidden),
            "w2": rng.normal(0, 0.1, (hidden, value.OUTPUTS)), "b2": np.zeros(value.OUTPUTS)}


def batch(data: dict[str, Any], rows: np.ndarray) -> np.ndarray:
    """Dense features of some rows."""
    indptr = data["indptr"]
    starts, ends = indptr[rows], indptr[rows + 1]
    lens = ends - starts
    which = np.repeat(np.arange(len(rows)), lens)
    # each row's entries starts[r]..ends[r], flattened without a Python loop
    flat = np.arange(int(lens.sum())) - np.repeat(np.cumsum(lens) - lens, lens) \
        + np.repeat(starts, lens)
    x = np.zeros((len(rows), value.SIZE), np.float64)
    x[which, data["indices"][flat]] = data["values"][flat]
    return x


POINTS_WEIGHT = 0.5


def forward_loss(w: dict[str, Any], x: np.ndarray, win: np.ndarray, pts: np.ndarray,
                 mask: np.ndarray, grads: bool = True) -> tuple[Any, ...]:
    """Mean loss (cross-entropy of the win shares over the seats at the table, plus squared
    error of the points) and its gradients."""
    a = x @ w["w1"] + w["b1"]
    h = np.tanh(a)
    out = h @ w["w2"] + w["b2"]
    s = value.SEATS
    logits = np.where(mask > 0, out[:, :s], -1e9)
    logits = logits - logits.max(axis=1, keepdims=True)
    e = np.exp(logits) * mask
    p = e / e.sum(axis=1, keepdims=True)
    n = len(x)
    ce = -(win * np.log(p + 1e-12)).sum() / n
    err = (out[:, s:] - pts) * mask
    mse = (err ** 2).sum() / n
    loss = ce + POINTS_WEIGHT * mse
    if not grads:
        return loss, ce, mse, p
    dout = np.zeros_like(out)
    dout[:, :s] = (p - win) * mask / n
    dout[:, s:] = POINTS_WEIGHT * 2 * err / n
    g = {"w2": h.T @ dout, "b2": dout.sum(axis=0)}
    da = (dout @ w["w2"].T) * (1 - h * h)
    g["w1"] = x.T @ da
    g["b1"] = da.sum(axis=0)
    return loss, g


class Adam:
    def __init__(self, w: dict[str, Any], lr: float = 1e-3):
        self.lr, self.t = lr, 0
        self.m = {k: np.zeros_like(v) for k, v in w.items()}
        self.v = {k: np.zeros_like(v) for k, v in w.items()}

    def step(self, w: dict[str, Any], g: dict[str, Any]) -> None:
        self.t += 1
        b1, b2 = 0.9, 0.999
        for k in w:
            self.m[k] = b1 * self.m[k] + (1 - b1) * g[k]
            self.v[k] = b2 * self.v[k] + (1 - b2) * g[k] ** 2
            mh = self.m[k] / (1 - b1 ** self.t)
            vh = self.v[k] / (1 - b2 ** self.t)
            w[k] -= self.lr * mh / (np.sqrt(vh) + 1e-8)


def split(data: dict[str, Any], seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Training and held-out rows: a tenth of the games held out (whole games)."""
    games = int(data["game"].max()) + 1
    held = np.random.default_rng(seed).random(games) < 0.1
    rows = np.arange(len(data["win"]))
    out = held[data["game"]]
    return rows[~out], rows[out]


def evaluate(w: dict[str, Any], data: dict[str, Any], rows: np.ndarray) -> dict[str, Any]:
    """Held-out figures: loss, win cross-entropy, points RMSE, how often the seat the network
    ranks first is a winner."""
    if not len(rows):
        return {}
    tot = {"loss": 0.0, "ce": 0.0, "mse": 0.0, "top": 0.0, "seats": 0.0}
    for s in range(0, len(rows), 4096):
        r = rows[s:s + 4096]
        x, win, pts, mask = batch(data, r), data["win"][r], data["pts"][r], data["mask"][r]
        loss, ce, mse, p = forward_loss(w, x, win, pts, mask, grads=False)
        tot["loss"] += loss * len(r)
        tot["ce"] += ce * len(r)
        tot["mse"] += mse * len(r)
        tot["seats"] += float(mask.sum())
        tot["top"] += float((win[np.arange(len(r)), p.argmax(axis=1)] > 0).sum())
    n = len(rows)
    return {"loss": round(float(tot["loss"]) / n, 4), "win_ce": round(float(tot["ce"]) / n, 4),
            "points_rmse": round(float(np.sqrt(tot["mse"] / tot["seats"])) * value.POINTS, 2),
            "top_is_winner": round(tot["top"] / n, 4), "positions": n}


def train(w: dict[str, Any], opt: Adam, data: dict[str, Any], rows: np.ndarray, epochs: int,
          seed: int, label: str, checkpoint: Callable[[int], None] | None = None, start: int = 0,
          size: int = 256) -> None:
    steps = -(-len(rows) // size)
    bar = Progress(f"train ({label})", epochs * steps, start * steps)
    for epoch in range(start, epochs):
        order = np.random.default_rng(seed * 1000 + epoch).permutation(rows)
        run = 0.0
        for s in range(steps):
            r = order[s * size:(s + 1) * size]
            loss, g = forward_loss(w, batch(data, r), data["win"][r], data["pts"][r],
                                   data["mask"][r])
            opt.step(w, g)
            run = 0.98 * run + 0.02 * loss if s else loss
            if s % 50 == 0:
                bar.step(min(50, steps - s), f"loss {run:.4f}")
        bar.done = (epoch + 1) * steps
        bar.show()
        if checkpoint is not None:
            checkpoint(epoch + 1)
    bar.close()


def save_checkpoint(path: Path, w: dict[str, Any], opt: Adam, stage: str, epoch: int) -> None:
    tmp = path.with_suffix(".tmp.npz")
    extra = {f"m_{k}": v for k, v in opt.m.items()} | {f"v_{k}": v for k, v in opt.v.items()}
    np.savez(tmp, **w, **extra, t=opt.t, stage=stage, epoch=epoch)
    os.replace(tmp, path)


def load_checkpoint(path: Path, w: dict[str, Any], opt: Adam) -> tuple[str, int]:
    with np.load(path) as data:
        for k in w:
            w[k] = data[k].copy()
            opt.m[k] = data[f"m_{k}"].copy()
            opt.v[k] = data[f"v_{k}"].copy()
        opt.t = int(data["t"])
        return str(data["stage"]), int(data["epoch"])


FIGURES_NOTE = ("held-out: a tenth of the games (whole games) of each stage's data, each position from "
                "every seat's view; win_ce = cross-entropy of the win shares over the seats at the "
                "table, top_is_winner = how often the seat ranked first won; points_rmse is over the "
                "seat outputs summed (not per seat); policy_vs_normal = the network's own move "
                "(each legal move judged, no search) against three normal bots, win share, par 0.25")


def commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True,
                              cwd=Path(__file__).resolve().parent, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return ""


def write_weights(path: Path, w: dict[str, Any], meta: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(path, w1=w["w1"].astype(np.float32), b1=w["b1"].astype(np.float32),
                        w2=w["w2"].astype(np.float32), b2=w["b2"].astype(np.float32),
                        meta=json.dumps(meta))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.assemble.learn",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=Path("learn-data"),
                        help="games, checkpoint and log (keep it out of git)")
    parser.add_argument("--seed", type=int, default=43)
    parser.add_argument("--bot-games", type=int, default=3000)
    parser.add_argument("--self-games", type=int, default=1000)
    parser.add_argument("--epochs", type=int, default=8, help="training epochs per stage")
    parser.add_argument("--hidden", type=int, default=value.HIDDEN)
    parser.add_argument("--chunk", type=int, default=CHUNK, help="games per data file")
    parser.add_argument("--policy-games", type=int, default=800,
                        help="games of the network's own move against three normal bots, after each stage")
    parser.add_argument("--workers", type=int, default=1,
                        help="processes playing the games side by side (the data is the same)")
    parser.add_argument("--ship", action="store_true",
                        help="write the weights and manifest to assets/learned/")
    args = parser.parse_args(argv)
    out = args.out
    out.mkdir(parents=True, exist_ok=True)
    ckpt = out / "checkpoint.npz"
    w = init_weights(args.seed, args.hidden)
    opt = Adam(w)
    stage, epoch = ("bots", 0)
    if ckpt.exists():
        stage, epoch = load_checkpoint(ckpt, w, opt)
        print(f"resuming: stage {stage}, epoch {epoch}", flush=True)
    figures: dict[str, Any] = {}
    generate(out, "bots", args.bot_games, args.seed, chunk=args.chunk, workers=args.workers)
    stages = [("bots", ["bots"])]
    if args.self_games:
        stages.append(("self", ["bots", "self"]))
    for name, sources in stages:
        if [s for s, _ in stages].index(name) < [s for s, _ in stages].index(stage):
            continue
        if name == "self":
            net = value.Network(w["w1"], w["b1"], w["w2"], w["b2"])
            generate(out, "self", args.self_games, args.seed, net, args.chunk, args.workers)
        data = load(out, sources)
        rows, held = split(data, args.seed)
        start = epoch if name == stage else 0
        train(w, opt, data, rows, args.epochs, args.seed + len(name), name,
              functools.partial(save_checkpoint, ckpt, w, opt, name), start)
        figures[name] = evaluate(w, data, held)
        figures[name]["policy_vs_normal"] = policy_strength(
            value.Network(w["w1"], w["b1"], w["w2"], w["b2"]), args.policy_games, args.seed)
        print(f"{name}: held-out {figures[name]}", flush=True)
        stage, epoch = name, args.epochs
    meta = {"training_games": {"bots": args.bot_games, "self": args.self_games},
            "seed": args.seed, "epochs_per_stage": args.epochs, "hidden": args.hidden,
            "commit": commit(), "figures": figures, "inputs": value.SIZE,
            "figures_note": FIGURES_NOTE,
            "command": "python -m game.assemble.learn " + " ".join(argv or sys.argv[1:])}
    write_weights(out / "weights.npz", w, meta)
    if args.ship:
        target = Path(__file__).resolve().parent.parent.parent / "assets" / "learned"
        write_weights(target / value.WEIGHTS_FILE[1], w, meta)
        (target / "manifest.json").write_text(json.dumps(meta, indent=2) + "\n", encoding="utf-8")
        print(f"shipped to {target}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
