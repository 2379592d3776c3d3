#!/usr/bin/env bash
# A UCI engine for the tests, with fixed answers: every search reports
# +0.25 at depth 12 with the line e4 e5 Nf3 (legal from the start position)
# and a timed search ends with `bestmove e2e4`. Every line it gets is
# appended to $2 (if given), so a test can see what Kibitz said.
#
# $1, the mode:
#   normal      as above
#   crash-once  exits at its first `go` if the file $3 does not exist yet
#               (and creates it): a crash, then a healthy restart
#   silent      never answers (a hung engine)
#   multipv     as normal, but as many lines as `setoption name MultiPV`
#               asked for (up to 3): e4 e5 Nf3 +0.25, d4 d5 +0.18,
#               Nf3 d5 +0.10
#   table       scores read from the file `scores` beside $2: lines
#               `TEXT|SCORE` or `TEXT|SCORE|PV`; a search on a position
#               whose `position` line holds TEXT reports SCORE (`cp 30`,
#               `mate 1`) and the line PV (UCI moves; `e2e4` if none), the
#               first line that fits; cp 0 where none does
#   play        an opponent: it offers Stockfish's strength options and
#               Fairy-Stockfish's variants, and its n-th search answers
#               with the n-th line of the file `moves` beside $2 (a score
#               of cp -30 before it); `bestmove (none)` when they run out;
#               with a file `slow` beside $2, each answer waits a second
mode=${1:-normal}
log=${2:-/dev/null}
marker=${3:-}
while IFS= read -r line; do
    printf '%s\n' "$line" >> "$log"
    case "$line" in
        uci)
            [ "$mode" = silent ] && continue
            echo "id name FakeFish 1"
            echo "option name Hash type spin default 16 min 1 max 1024"
            if [ "$mode" = play ]; then
                echo "option name Skill Level type spin default 20 min 0 max 20"
                echo "option name UCI_LimitStrength type check default false"
                echo "option name UCI_Elo type spin default 1350 min 1350 max 2850"
                echo "option name UCI_Variant type combo default chess var chess var crazyhouse var suicide var atomic"
            fi
            echo "uciok"
            ;;
        isready) echo "readyok" ;;
        "setoption name MultiPV value "*) multipv=${line##* } ;;
        position*) position=$line ;;
        go*)
            if [ "$mode" = crash-once ] && [ ! -e "$marker" ]; then
                : > "$marker"
                exit 3
            fi
            if [ "$mode" = play ]; then
                searches=$(( ${searches:-0} + 1 ))
                answer=$(sed -n "${searches}p" "$(dirname "$log")/moves")
                [ -e "$(dirname "$log")/slow" ] && sleep 1
                echo "info depth 5 score cp -30 pv ${answer:-0000}"
                echo "bestmove ${answer:-(none)}"
                continue
            fi
            if [ "$mode" = table ]; then
                score="cp 0"
                pv=""
                while IFS='|' read -r text value moves; do
                    case "$position" in *"$text"*) score=$value; pv=$moves; break ;; esac
                done < "$(dirname "$log")/scores"
                pv=${pv:-e2e4}
                echo "info depth 12 seldepth 14 score $score nodes 1000 pv $pv"
                case "$line" in
                    *infinite*) ;;
                    *) echo "bestmove ${pv%% *}" ;;
                esac
                continue
            fi
            if [ "$mode" = multipv ]; then
                echo "info depth 12 multipv 1 score cp 25 pv e2e4 e7e5 g1f3"
                [ "${multipv:-1}" -ge 2 ] && echo "info depth 12 multipv 2 score cp 18 pv d2d4 d7d5"
                [ "${multipv:-1}" -ge 3 ] && echo "info depth 12 multipv 3 score cp 10 pv g1f3 d7d5"
                case "$line" in
                    *infinite*) ;;
                    *) echo "bestmove e2e4" ;;
                esac
                continue
            fi
            echo "info depth 1 seldepth 1 score cp 20 pv e2e4"
            echo "info depth 12 seldepth 14 score cp 25 nodes 1000 pv e2e4 e7e5 g1f3"
            case "$line" in
                *infinite*) ;;
                *) echo "bestmove e2e4 ponder e7e5" ;;
            esac
            ;;
        stop)
            # A stopped opponent's answer is dropped: an old move will do.
            echo "bestmove e2e4" ;;
        quit) exit 0 ;;
    esac
done
