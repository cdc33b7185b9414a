"""An equilibrium you can measure: a small variant solved with OpenSpiel's CFR+.

2-player DTC with a 3-card deck (`values=2 copies=1 jokers=1 hand_size=1`: a 1, a 2
and a joker, one card in each hand, one in the pile) has a game tree OpenSpiel can
enumerate. This module

1. walks the whole tree of our OpenSpiel adapter (`interop.openspiel`: its chance
   nodes, legal moves and perfect-recall information-state strings) and writes it in
   Gambit's EFG format, which OpenSpiel loads as a C++ game (`pyspiel.load_efg_game`):
   the same tree, information sets and returns (shifted by -1/2: zero-sum), so that
   OpenSpiel's C++ CFR+ and best response run at C++ speed;
2. runs OpenSpiel's `CFRPlusSolver` and measures the average policy's exploitability
   (`pyspiel.exploitability`: NashConv / 2, in win shares) along the way;
3. projects the average policy on views (what the `solver` bot can read, see
   `bots.solver`), measures that policy's exploitability too, and writes the bot's
   table (`bots/solved/<game>.json`).

    python -m ludotheque.interop.solve dtc --iterations 1000     # prints the curve
    python -m ludotheque.interop.solve dtc --write               # and writes the table

Needs the rl extra (open-spiel).
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pyspiel

from ludotheque.bots.solver import view_key
from ludotheque.core.registry import get_game
from ludotheque.interop.openspiel import load_game

# The variants solved here: game -> (players, options).
SOLVED = {"dtc": (2, {"values": 2, "copies": 1, "jokers": 1, "hand_size": 1})}


@dataclass
class InfoSet:
    player: int
    string: str  # the adapter's perfect-recall information-state string
    key: str  # the key of its view (bots.solver.view_key)
    actions: list[int]  # our action ids, ascending
    name: str = ""  # its name in the EFG text (and in OpenSpiel's efg game)


@dataclass
class Tree:
    """A game tree as enumerated through the OpenSpiel adapter (preorder nodes)."""

    players: int
    nodes: list[tuple] = field(default_factory=list)  # ("c", [(p, child)]) | ("p", info,
    # [child]) | ("t", returns)
    infosets: list[InfoSet] = field(default_factory=list)
    chance_nodes: int = 0
    terminals: int = 0
    max_depth: int = 0

    @property
    def histories(self) -> int:
        return len(self.nodes)

    @property
    def views(self) -> int:
        return len({info.key for info in self.infosets})

    def sizes(self) -> dict[str, int]:
        decisions = self.histories - self.chance_nodes - self.terminals
        return {"histories": self.histories, "decision_nodes": decisions,
                "chance_nodes": self.chance_nodes, "terminals": self.terminals,
                "information_states": len(self.infosets), "views": self.views,
                "max_depth": self.max_depth}


def enumerate_tree(spiel_game: pyspiel.Game) -> Tree:
    """Every history of `spiel_game` (one of our adapter's games), depth first."""
    tree = Tree(spiel_game.num_players())
    index: dict[str, int] = {}
    nodes = tree.nodes

    def visit(state: Any, depth: int) -> int:
        me = len(nodes)
        nodes.append(None)
        tree.max_depth = max(tree.max_depth, depth)
        if state.is_terminal():
            tree.terminals += 1
            nodes[me] = ("t", tuple(state.returns()))
        elif state.is_chance_node():
            tree.chance_nodes += 1
            outcomes = [(p, visit(state.child(a), depth + 1)) for a, p in state.chance_outcomes()]
            nodes[me] = ("c", outcomes)
        else:
            player = state.current_player()
            string = state.information_state_string(player)
            info = index.get(string)
            if info is None:
                info = index[string] = len(tree.infosets)
                view = state.ludo_state.view(player)
                tree.infosets.append(InfoSet(player, string, view_key(view),
                                             list(state.legal_actions())))
            nodes[me] = ("p", info, [visit(state.child(a), depth + 1)
                                     for a in tree.infosets[info].actions])
        return me

    visit(spiel_game.new_initial_state(), 0)
    return tree


def recall_conflicts(tree: Tree) -> int:
    """Information sets reached by histories that differ in what their player saw and did
    before (its earlier information sets and moves): 0 means perfect recall."""
    past: list[tuple | None] = [None] * len(tree.infosets)
    conflicts = 0
    stack: list[tuple[int, tuple]] = [(0, ((),) * tree.players)]
    while stack:
        index, memory = stack.pop()
        node = tree.nodes[index]
        if node[0] == "c":
            stack.extend((child, memory) for _, child in node[1])
        elif node[0] == "p":
            info = tree.infosets[node[1]]
            mine = memory[info.player]
            if past[node[1]] is None:
                past[node[1]] = mine
            elif past[node[1]] != mine:
                conflicts += 1
            for action, child in zip(info.actions, node[2]):
                step = list(memory)
                step[info.player] = (*mine, (node[1], action))
                stack.append((child, tuple(step)))
    return conflicts


def to_efg(tree: Tree, name: str, game: Any) -> str:
    """The tree in Gambit's EFG text (OpenSpiel's `load_efg_game` reads it)."""
    per_player = [0] * tree.players
    numbers: list[int] = []
    for info in tree.infosets:
        per_player[info.player] += 1
        numbers.append(per_player[info.player])
        info.name = f"p{info.player}i{per_player[info.player]}"
    players = " ".join(f'"Player {p + 1}"' for p in range(tree.players))
    lines = [f'EFG 2 R "{name}" {{ {players} }}', ""]
    chance_number = outcome_number = 0
    shift = 1.0 / tree.players  # constant-sum 1 -> zero-sum

    def write(node_index: int) -> None:
        nonlocal chance_number, outcome_number
        node = tree.nodes[node_index]
        if node[0] == "t":
            outcome_number += 1
            payoffs = " ".join(repr(r - shift) for r in node[1])
            lines.append(f't "" {outcome_number} "" {{ {payoffs} }}')
        elif node[0] == "c":
            chance_number += 1
            labels = " ".join(f'"c{k}" {p!r}' for k, (p, _) in enumerate(node[1]))
            lines.append(f'c "" {chance_number} "" {{ {labels} }} 0')
            for _, child in node[1]:
                write(child)
        else:
            info = tree.infosets[node[1]]
            labels = " ".join(f'"{game.action_to_text(a)}"' for a in info.actions)
            lines.append(f'p "" {info.player + 1} {numbers[node[1]]} "{info.name}" '
                         f'{{ {labels} }} 0')
            for child in node[2]:
                write(child)

    write(0)
    return "\n".join(lines) + "\n"


def efg_index(efg: pyspiel.Game, tree: Tree, game: Any) -> tuple[list[list[int]], list[str]]:
    """Per information set of `tree`: the efg game's id of each of its actions, and the efg
    game's information-state string (its name, written by `to_efg`, ends it)."""
    ours = {game.action_to_text(a): a for a in range(game.num_actions)}
    names = {info.name: index for index, info in enumerate(tree.infosets)}
    ids: list[list[int]] = [[] for _ in tree.infosets]
    strings = [""] * len(tree.infosets)
    stack = [efg.new_initial_state()]
    while stack:
        state = stack.pop()
        if state.is_terminal():
            continue
        if state.is_chance_node():
            stack.extend(state.child(a) for a, _ in state.chance_outcomes())
            continue
        player = state.current_player()
        string = state.information_state_string(player)
        index = names[string.rsplit("-", 1)[1]]
        legal = state.legal_actions()
        if not strings[index]:
            strings[index] = string
            by_ours = {ours[state.action_to_string(player, a)]: a for a in legal}
            ids[index] = [by_ours[a] for a in tree.infosets[index].actions]
        stack.extend(state.child(a) for a in legal)
    return ids, strings


@dataclass
class Solution:
    tree: Tree
    iterations: int
    seconds: float  # CFR+ and the measures along the way
    curve: list[tuple[int, float]]  # (iteration, exploitability of the average policy)
    exploitability: float
    view_exploitability: float  # of the policy projected on views (the bot's)
    view_policy: dict[str, list[list[float]]]  # view key -> [[action, probability], ...]
    enumerate_seconds: float = 0.0


def reach_by_infoset(tree: Tree, policy: list[list[float]]) -> list[float]:
    """Each information set's probability of being reached (chance and every player)
    under `policy` (per information set, in its actions' order)."""
    reach = [0.0] * len(tree.infosets)
    stack = [(0, 1.0)]
    nodes = tree.nodes
    while stack:
        index, p = stack.pop()
        node = nodes[index]
        if node[0] == "c":
            stack.extend((child, p * q) for q, child in node[1])
        elif node[0] == "p":
            reach[node[1]] += p
            stack.extend((child, p * q) for q, child in zip(policy[node[1]], node[2]))
    return reach


def project_on_views(tree: Tree, policy: list[list[float]]) -> dict[str, dict[int, float]]:
    """The policy a view can play: per view key, the information sets' moves averaged,
    weighted by their reach (uniformly where none is reached)."""
    reach = reach_by_infoset(tree, policy)
    weights: dict[str, float] = {}
    counts: dict[str, int] = {}
    for info, r in zip(tree.infosets, reach):
        weights[info.key] = weights.get(info.key, 0.0) + r
        counts[info.key] = counts.get(info.key, 0) + 1
    sums: dict[str, dict[int, float]] = {}
    for info, probs, r in zip(tree.infosets, policy, reach):
        total = weights[info.key]
        w = r / total if total > 0 else 1.0 / counts[info.key]
        moves = sums.setdefault(info.key, {})
        for action, q in zip(info.actions, probs):
            moves[action] = moves.get(action, 0.0) + w * q
    return sums


def efg_policy(ids: list[list[int]], strings: list[str], policy: list[list[float]]
               ) -> pyspiel.TabularPolicy:
    """A policy per information set (probabilities in its actions' order) as a tabular
    policy of the efg game."""
    return pyspiel.TabularPolicy({strings[index]: list(zip(ids[index], probs))
                                  for index, probs in enumerate(policy)})


def solve(game_name: str = "dtc", iterations: int = 1000, checkpoints: tuple[int, ...] = (),
          tree: Tree | None = None) -> Solution:
    """CFR+ (OpenSpiel's C++ `CFRPlusSolver`) on the solved variant of `game_name`, its
    exploitability measured at each checkpoint and at the end, and the view projection."""
    players, options = SOLVED[game_name]
    game = get_game(game_name)
    start = time.perf_counter()
    if tree is None:
        tree = enumerate_tree(load_game(game_name, players, **options))
    enumerated = time.perf_counter() - start
    efg = pyspiel.load_efg_game(to_efg(tree, f"ludotheque {game_name}", game))
    ids, strings = efg_index(efg, tree, game)
    start = time.perf_counter()
    solver = pyspiel.CFRPlusSolver(efg)
    curve = []
    for iteration in range(1, iterations + 1):
        solver.evaluate_and_update_policy()
        if iteration in checkpoints:
            curve.append((iteration, pyspiel.exploitability(efg, solver.average_policy())))
    average = solver.tabular_average_policy().policy_table()
    policy = []
    for index, string in enumerate(strings):
        entry = dict(average[string])
        policy.append([entry.get(a, 0.0) for a in ids[index]])
    exploitability = pyspiel.exploitability(efg, efg_policy(ids, strings, policy))
    if not curve or curve[-1][0] != iterations:
        curve.append((iterations, exploitability))
    projected = project_on_views(tree, policy)
    view_policy = [[projected[info.key][a] for a in info.actions] for info in tree.infosets]
    view_exploitability = pyspiel.exploitability(efg, efg_policy(ids, strings, view_policy))
    return Solution(tree, iterations, time.perf_counter() - start, curve, exploitability,
                    view_exploitability,
                    {key: [[a, p] for a, p in sorted(moves.items())]
                     for key, moves in projected.items()},
                    enumerated)


def table_json(game_name: str, solution: Solution, digits: int = 5) -> dict[str, Any]:
    """The `solver` bot's table (bots/solved/<game>.json)."""
    players, options = SOLVED[game_name]
    validated = dict(get_game(game_name).validate(players, options))
    return {
        "game": game_name, "players": players, "options": validated,
        "method": f"OpenSpiel CFR+ ({solution.iterations} iterations), average policy "
                  "projected on views (weighted by reach)",
        "tree": solution.tree.sizes(),
        "exploitability": solution.exploitability,
        "view_exploitability": solution.view_exploitability,
        "policy": {key: [[a, round(p, digits)] for a, p in moves]
                   for key, moves in sorted(solution.view_policy.items())},
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="dtc", choices=sorted(SOLVED),
                        help="the game whose small variant is solved (dtc)")
    parser.add_argument("--iterations", type=int, default=1000,
                        help="CFR+ iterations (1000: an exploitability of about 4e-6)")
    parser.add_argument("--write", action="store_true", help="write bots/solved/<game>.json")
    args = parser.parse_args(argv)
    marks = tuple(sorted({n for n in (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000)
                          if n <= args.iterations} | {args.iterations}))
    solution = solve(args.game, args.iterations, marks)
    report = {"tree": solution.tree.sizes(),
              "enumerate_seconds": round(solution.enumerate_seconds, 1),
              "cfr_seconds": round(solution.seconds, 1),
              "curve": [[n, float(f"{e:.3g}")] for n, e in solution.curve],
              "exploitability": float(f"{solution.exploitability:.3g}"),
              "view_exploitability": float(f"{solution.view_exploitability:.3g}")}
    print(json.dumps(report))
    if args.write:
        from ludotheque.bots import solved

        path = Path(solved.__file__).with_name(f"{args.game}.json")
        path.write_text(json.dumps(table_json(args.game, solution), separators=(",", ":"))
                        + "\n", encoding="utf-8")
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
