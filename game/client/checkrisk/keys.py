"""CheckRisk's text keys built at run time, each family from the values it takes (checked in every language)."""

from __future__ import annotations

from game.client.board.slot import DEPLOY_WORDS
from game.client.checkrisk.battles import BattleEnd
from game.client.i18n import Keys
from game.engine.checkrisk import DeployRefusal, Stage

#: How a battle stands in the list: its end (`BattleFacts.result`), or going on.
OUTCOME = Keys("checkrisk.words.outcome.{}", ("won", "held", "both", "withdrew", "retreated", "going"))
#: A group of cells and what it earns (a counted phrase).
WHY = Keys("checkrisk.why.{}", ("edge_earns", "edge_small", "inland"))
#: Why a token may not go on a cell in deployment, and who is asked what in a battle (the status line).
REFUSED = Keys("checkrisk.refused.{}", DeployRefusal)
STAGE = Keys("checkrisk.status.{}", Stage)
#: The deployment's buttons.
DEPLOY = Keys("checkrisk.deploy.{}", DEPLOY_WORDS)

#: How a battle ended on its chip, or that it goes on.
CHIP = Keys("checkrisk.chip.{}", (*BattleEnd, "fighting"))
