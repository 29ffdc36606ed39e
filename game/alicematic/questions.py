"""Questions for the designers: where draft 10 is silent or reads two ways and only they can say.
The in-app rules page (after the decisions) and assets/alicematic/README.md list them; the ones
with a draft variant (game.alicematic.variants) name the switch that plays the other reading."""

from ..core.i18n import N_

QUESTIONS = (
    N_("Phase 2: the draft's phases go 1 (main phase), then 3 (round end). Is a phase 2 missing, "
       "perhaps a production phase?"),
    N_("Resources: the components say resource chits are produced by each facility, yet no rule "
       "produces them. We give them only by conquest bonuses and powers. Should held red, yellow "
       "and green facilities produce a chit each round?"),
    N_("Food: the draft defines strength as the red area's count, but never says where food comes "
       "from. We read it from the green area (green is production). Is that right?"),
    N_("Tile majority: does the changelog's \"1st 6 VP, 2nd 3 VP\" mean only tied leaders are "
       "ranked (ours), or that the second most hexes score 3? Switch: Tile second place by hexes."),
    N_("Monster forests: may the players holding most around a forest enter it only once it is "
       "surrounded (ours), or at once? Switch: Forests open early."),
    N_("The end: does the game end when every city is held (ours, with round 14), or only after "
       "round 14? Switch: Round 14 only."),
    N_("A failed expedition to a city: its chit is discarded, so we never offer it. Or should the "
       "city go to war like any hex? Switch: Cities go to war."),
    N_("A held monster forest: may it be invaded (its holder cut off) and may one's own war there "
       "be finished only by those holding most around it (ours), or is the forest's condition "
       "only for a forest nobody holds? Switch: Forest rule for new entries only."),
)
