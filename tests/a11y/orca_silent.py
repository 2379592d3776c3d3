#!/usr/bin/python3
# Orca as it is, but with no speech server: what it would say is only
# written to its debug log (SPEECH OUTPUT lines).
import runpy, sys
import orca.speech
orca.speech.init = lambda *args, **kwargs: None
sys.argv = ["orca"] + sys.argv[1:]
runpy.run_path("/usr/bin/orca", run_name="__main__")
