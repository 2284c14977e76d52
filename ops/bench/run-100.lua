-- wrk script for ops/bench/sim-http: every request is a create-and-run of the pre-built
-- stable-basins scenario for 100 ticks (POST /v1/simulations/run). The API key is passed
-- with wrk's -H by the caller, so it is never written into a file.
wrk.method = "POST"
wrk.body = '{"scenarioId":"stable-basins","ticks":100}'
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Accept"] = "application/json"
