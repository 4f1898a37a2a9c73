from analyzer.cli import main

if __name__ == "__main__":  # a spawned worker process (Dask LocalCluster) imports this module too
    main()
